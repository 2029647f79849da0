/** Donor certificates exist in Spanish and Romanian; English readers get the Spanish one. */
import { MESSAGES } from './messages';
import { invalid, valid, type Validation } from './validation';

export type CertificateLanguage = 'es' | 'ro';

const CERTIFICATE_LANGUAGES: Readonly<Record<string, CertificateLanguage>> = {
  es: 'es',
  'es-ES': 'es',
  en: 'es',
  ro: 'ro',
};

export function certificateLanguage(requested: unknown): Validation<CertificateLanguage> {
  const language =
    typeof requested === 'string' && Object.hasOwn(CERTIFICATE_LANGUAGES, requested)
      ? CERTIFICATE_LANGUAGES[requested]
      : undefined;
  return language ? valid(language) : invalid(MESSAGES.certificateDownloadFailed);
}
