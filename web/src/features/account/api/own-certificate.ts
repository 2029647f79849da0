/**
 * The donor's own certificate as anyone sees it (`GET /api/certificates/verify/`): the plots a
 * shared link shows, so the account offers sharing only once there are some.
 */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type SharedCertificate = CallAnswer<typeof API_ROUTES.verifyCertificate>;

export function loadOwnCertificate(client: ApiClient, code: string): Promise<SharedCertificate> {
  return client.call(API_ROUTES.verifyCertificate, { query: { code } });
}
