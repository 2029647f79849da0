/** The donor's own calls (docs/api.md): profile update, link code, certificate download. */
import { certificateLanguage, type CertificateLanguage } from '@parroquia/domain';
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api-client';

const Ignored = z.unknown();

export interface ProfileChanges {
  name: string;
  is_anonymous_donor: boolean;
}

export function updateProfile(client: ApiClient, changes: ProfileChanges, token: string) {
  return client.post('/api/users/update_user/', changes, Ignored, { token });
}

export function linkCode(client: ApiClient, code: string, token: string) {
  return client.post('/api/users/link-code/', { code }, Ignored, { token });
}

/** docs/api.md: 'es-ES' and 'en' map to 'es'; only es and ro exist. */
export function certificateLanguageFor(language: string): CertificateLanguage | null {
  const reading = certificateLanguage(language);
  return reading.ok ? reading.value : null;
}

export function downloadCertificate(
  client: ApiClient,
  language: CertificateLanguage,
  token: string,
) {
  return client.file(`/api/users/generate-certificate/?lang=${language}`, undefined, { token });
}
