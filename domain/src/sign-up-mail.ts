/**
 * E-mail sign-up that says nothing of who has an account (issue 30): being on this parish's list
 * reveals a religion. The site asks the API, which answers the same either way and writes to the
 * address: the link that proves it and finishes a new account, or, when the address already has
 * one, a note that it has and how to get in. Only the mailbox's owner learns which.
 */
import * as z from 'zod/mini';
import { compose, type MailMessage } from './donor-mail';
import { donorNameSchema } from './donor-profile';
import { LANGUAGES, MESSAGES, type Language } from './messages';
import { passwordResetBodySchema } from './password-reset-mail';

/** Firebase Auth's own rule for a password (it refuses shorter ones as WEAK_PASSWORD). */
export const PASSWORD_MIN_LENGTH = 6;

/** `POST /api/users/sign-up/`: the address as the reset takes it, the password, name, language. */
export const signUpBodySchema = z.object({
  email: passwordResetBodySchema.shape.email,
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort }),
      z.maxLength(4096, { error: MESSAGES.passwordTooLong }),
    ),
  name: donorNameSchema,
  language: z.optional(z.enum(LANGUAGES, { error: MESSAGES.languageUnknown })),
  /**
   * Where the donor was going when sent to sign up (a path of the site): the e-mail's link comes
   * back to /login with it, so that after signing in they go on there.
   */
  return_to: z.optional(
    z
      .string({ error: MESSAGES.returnPathInvalid })
      .check(
        z.maxLength(200, { error: MESSAGES.returnPathInvalid }),
        z.regex(/^\/(?![/\\])[^\s\\]*$/, { error: MESSAGES.returnPathInvalid }),
      ),
  ),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

const WORDS: Readonly<
  Record<
    Language,
    {
      newSubject: string;
      newLead: (name: string) => string;
      newLink: string;
      newThen: string;
      existingSubject: string;
      existingLead: string;
      signIn: string;
      forgot: string;
      ignore: string;
    }
  >
> = {
  es: {
    newSubject: 'Confirma tu correo · Parroquia Ortodoxa de Asturias',
    newLead: (name) =>
      `Hola, ${name}: alguien (esperamos que tú) ha pedido crear una cuenta de donante con esta ` +
      'dirección.',
    newLink: 'Confirma tu correo para terminar de crear tu cuenta',
    newThen: 'Después entra en la web con tu correo y tu contraseña.',
    existingSubject: 'Ya tienes una cuenta · Parroquia Ortodoxa de Asturias',
    existingLead:
      'Alguien (esperamos que tú) ha pedido crear una cuenta de donante con esta dirección, ' +
      'pero ya tienes una. No hemos cambiado nada.',
    signIn: 'Entra con tu cuenta',
    forgot: 'Si no recuerdas tu contraseña, en esa página pulsa «¿Has olvidado tu contraseña?».',
    ignore: 'Si no lo has pedido tú, no hagas nada.',
  },
  en: {
    newSubject: 'Confirm your e-mail · Orthodox Parish of Asturias',
    newLead: (name) =>
      `Hello ${name}: someone (we hope you) asked to create a donor account with this address.`,
    newLink: 'Confirm your e-mail to finish creating your account',
    newThen: 'Then log in on the site with your e-mail and your password.',
    existingSubject: 'You already have an account · Orthodox Parish of Asturias',
    existingLead:
      'Someone (we hope you) asked to create a donor account with this address, but you already ' +
      'have one. Nothing has been changed.',
    signIn: 'Log in to your account',
    forgot: 'If you do not remember your password, choose "Forgot your password?" on that page.',
    ignore: 'If it was not you, do nothing.',
  },
  ro: {
    newSubject: 'Confirmați adresa de e-mail · Parohia Ortodoxă din Asturias',
    newLead: (name) =>
      `Bună ziua, ${name}: cineva (sperăm că dumneavoastră) a cerut crearea unui cont de donator ` +
      'cu această adresă.',
    newLink: 'Confirmați adresa de e-mail pentru a termina crearea contului',
    newThen: 'Apoi intrați pe site cu adresa de e-mail și parola dumneavoastră.',
    existingSubject: 'Aveți deja un cont · Parohia Ortodoxă din Asturias',
    existingLead:
      'Cineva (sperăm că dumneavoastră) a cerut crearea unui cont de donator cu această adresă, ' +
      'dar aveți deja unul. Nu am schimbat nimic.',
    signIn: 'Intrați în contul dumneavoastră',
    forgot: 'Dacă nu vă amintiți parola, alegeți „Ați uitat parola?” pe acea pagină.',
    ignore: 'Dacă nu dumneavoastră ați cerut-o, nu faceți nimic.',
  },
};

/** To a new account's address: Firebase Auth's `link`, which proves it. */
export function signUpVerificationMail(
  language: Language,
  name: string,
  link: string,
): MailMessage {
  const words = WORDS[language];
  return compose(language, words.newSubject, [
    { text: words.newLead(name) },
    { text: words.newLink, href: link },
    { text: words.newThen },
    { text: words.ignore },
  ]);
}

/** To an address that already has an account: how to get in (`loginUrl`, the site's /login). */
export function existingAccountMail(language: Language, loginUrl: string): MailMessage {
  const words = WORDS[language];
  return compose(language, words.existingSubject, [
    { text: words.existingLead },
    { text: words.signIn, href: loginUrl },
    { text: words.forgot },
    { text: words.ignore },
  ]);
}
