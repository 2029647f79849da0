/**
 * The password reset e-mail (issue 30): the parish's own, in the language the donor asked in,
 * queued as a `mail` document like the receipts. Firebase Auth only makes the link; the site asks
 * for it through the API, which limits how often an address and a caller may ask and answers the
 * same whether the address has an account or not (docs/product.md, "E-mails").
 */
import { compose, type MailMessage } from './donor-mail';
import * as z from 'zod/mini';
import { LANGUAGES, MESSAGES, type Language } from './messages';

const WORDS: Readonly<
  Record<Language, { subject: string; lead: string; link: string; ignore: string }>
> = {
  es: {
    subject: 'Restablecer tu contraseña · Parroquia Ortodoxa de Asturias',
    lead: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de donante.',
    link: 'Elige una contraseña nueva',
    ignore:
      'Si no lo has pedido tú, no hagas nada: tu contraseña sigue siendo la misma. El enlace ' +
      'caduca en una hora.',
  },
  en: {
    subject: 'Reset your password · Orthodox Parish of Asturias',
    lead: 'Someone (we hope you) asked to reset the password of your donor account.',
    link: 'Choose a new password',
    ignore:
      'If it was not you, do nothing: your password stays as it is. The link expires in an hour.',
  },
  ro: {
    subject: 'Resetați parola · Parohia Ortodoxă din Asturias',
    lead:
      'Cineva (sperăm că dumneavoastră) a cerut resetarea parolei contului dumneavoastră de ' +
      'donator.',
    link: 'Alegeți o parolă nouă',
    ignore:
      'Dacă nu dumneavoastră ați cerut-o, nu faceți nimic: parola rămâne aceeași. Linkul ' +
      'expiră într-o oră.',
  },
};

/** The e-mail with Firebase Auth's reset `link`, in `language`. */
export function passwordResetMail(language: Language, link: string): MailMessage {
  const words = WORDS[language];
  return compose(language, words.subject, [
    { text: words.lead },
    { text: words.link, href: link },
    { text: words.ignore },
  ]);
}

const RESET_EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** `POST /api/users/password-reset/`: the address, trimmed and lower-case, and the language. */
export const passwordResetBodySchema = z.object({
  email: z
    .pipe(
      z.string({ error: MESSAGES.emailInvalid }),
      z.transform((value) => value.trim().toLowerCase()),
    )
    .check(
      z.maxLength(254, { error: MESSAGES.emailInvalid }),
      z.regex(RESET_EMAIL_PATTERN, { error: MESSAGES.emailInvalid }),
    ),
  language: z.optional(z.enum(LANGUAGES, { error: MESSAGES.languageUnknown })),
});
