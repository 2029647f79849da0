/** `GET /api/certificates/verify/?code=` (issue 8): whose a personal code is, and its plots. */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type Verification = CallAnswer<typeof API_ROUTES.verifyCertificate>;

export function verifyCertificate(client: ApiClient, code: string): Promise<Verification> {
  return client.call(API_ROUTES.verifyCertificate, { query: { code } });
}
