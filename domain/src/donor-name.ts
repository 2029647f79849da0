/**
 * A donor's name as a form checks it before sending it (sign-up, issue 19): the rules of
 * `donorNameSchema` (the profile's), answered as the text to show in the visitor's language, or
 * the trimmed name when it is fine.
 */
import { DOMAIN_MESSAGES, type Language } from './messages';
import { DONOR_NAME_MAX_LENGTH, donorNameSchema } from './donor-profile';

export type DonorNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** The catalogue entries `donorNameSchema` refuses with, rendered as it renders them. */
const NAME_ERRORS = {
  nameNotText: (language: Language) => DOMAIN_MESSAGES[language].nameNotText,
  nameEmpty: (language: Language) => DOMAIN_MESSAGES[language].nameEmpty,
  nameTooLong: (language: Language) => DOMAIN_MESSAGES[language].nameTooLong(DONOR_NAME_MAX_LENGTH),
  nameControlCharacters: (language: Language) => DOMAIN_MESSAGES[language].nameControlCharacters,
} as const;

export function checkDonorName(value: unknown, language: Language): DonorNameCheck {
  const parsed = donorNameSchema.safeParse(value);
  if (parsed.success) return { ok: true, name: parsed.data };
  const spanish = parsed.error.issues[0]?.message;
  const refusal =
    Object.values(NAME_ERRORS).find((render) => render('es') === spanish) ??
    NAME_ERRORS.nameNotText;
  return { ok: false, message: refusal(language) };
}
