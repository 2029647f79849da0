/** Staff calls (docs/api.md): register a physical certificate, generate certificates or codes. */
import { type PhysicalCertificateBody } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient, CallAnswer } from '@/lib/api-client';

export type PhysicalCertificate = PhysicalCertificateBody;
export type RegisteredCertificate = CallAnswer<typeof API_ROUTES.registerPhysicalCertificate>;

export function registerPhysicalCertificate(
  client: ApiClient,
  body: PhysicalCertificate,
  token: string,
) {
  return client.call(API_ROUTES.registerPhysicalCertificate, { body, token });
}

/** docs/product.md: staff generation language is fixed to es. */
export function generateCertificatesPdf(client: ApiClient, count: number, token: string) {
  return client.call(API_ROUTES.generateCertificatesPdf, { body: { count, lang: 'es' }, token });
}

export function generateCodes(client: ApiClient, count: number, token: string) {
  return client.call(API_ROUTES.generateJsonCodes, { body: { count, lang: 'es' }, token });
}
