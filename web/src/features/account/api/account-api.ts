/** The donor's own calls (docs/api.md): profile update, link code, certificate download. */
import { certificateLanguage, type CertificateLanguage, type Language } from '@parroquia/domain';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import type { ApiClient } from '@/lib/api-client';

export interface ProfileChanges {
  name: string;
  is_anonymous_donor: boolean;
}

export function updateProfile(client: ApiClient, changes: ProfileChanges, token: string) {
  return client.call(API_ROUTES.updateUser, { body: changes, token });
}

export function linkCode(client: ApiClient, code: string, token: string) {
  return client.call(API_ROUTES.linkCode, { body: { code }, token });
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
  return client.call(API_ROUTES.generateCertificate, { query: { lang: language }, token });
}

/** Everything the site keeps about the donor, as one JSON file (GDPR art. 15, 20). */
export function downloadMyData(client: ApiClient, token: string) {
  return client.call(API_ROUTES.myData, { token });
}

/** The same, as a PDF to read in `language` (GDPR art. 12). */
export function downloadMyDataDocument(client: ApiClient, language: Language, token: string) {
  return client.call(API_ROUTES.myDataDocument, { query: { lang: language }, token });
}

/** Erases the account; `token` must come from a sign-in of the last few minutes. */
export function eraseAccount(client: ApiClient, token: string) {
  return client.call(API_ROUTES.eraseAccount, { body: { confirm: true }, token });
}
