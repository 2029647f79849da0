/** Donor certificates exist in Spanish and Romanian; English readers get the Spanish one. */
import * as z from 'zod/mini';
import { MESSAGES, type Language } from './messages';
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

/** `GET /api/users/generate-certificate/?lang=`: the same rule as a query schema. */
export const certificateQuerySchema = z.object({
  lang: z.pipe(
    z.string({ error: MESSAGES.certificateDownloadFailed }),
    z.transform((requested, context) => {
      const language = certificateLanguage(requested);
      if (language.ok) return language.value;
      context.issues.push({ code: 'custom', message: language.error, input: requested });
      return z.NEVER;
    }),
  ),
});

/**
 * The donor certificate's file name in the reader's interface language (the word they know the
 * document by), whichever language the certificate itself is in.
 */
const CERTIFICATE_FILE_NAMES: Readonly<Record<Language, string>> = {
  es: 'certificado.pdf',
  en: 'certificate.pdf',
  ro: 'certificat.pdf',
};

export function certificateFileName(language: Language): string {
  return CERTIFICATE_FILE_NAMES[language];
}
