/** Staff calls (docs/api.md): register a physical certificate, generate certificates or codes. */
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

export interface PhysicalCertificate {
  email: string;
  code: string;
  name: string;
  is_anonymous_donor: boolean;
  /** Plot codes such as `K3`. */
  parcelas: string[];
  reserve: boolean;
}

export function registerPhysicalCertificate(
  client: ApiClient,
  body: PhysicalCertificate,
  token: string,
) {
  return client.post('/api/users/register-physical-certificate/', body, z.unknown(), { token });
}

/** docs/product.md: staff generation language is fixed to es. */
export function generateCertificatesPdf(client: ApiClient, count: number, token: string) {
  return client.file('/api/users/generate-certificates-pdf/', { count, lang: 'es' }, { token });
}

const CodesSchema = z.object({ codes: z.array(z.string()) });

export function generateCodes(client: ApiClient, count: number, token: string) {
  return client.post('/api/users/generate-json-codes/', { count, lang: 'es' }, CodesSchema, {
    token,
  });
}
