import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { existingAccountMail, signUpBodySchema, signUpVerificationMail } from './sign-up-mail';

const LINK = 'https://example.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=a&b=<c>';

describe('the sign-up e-mails', () => {
  it('a new account’s: the parish’s, in the language asked, greeting the name, with the link', () => {
    const ro = signUpVerificationMail('ro', 'Ioana <Țăranu>', LINK);
    expect(ro.sender).toBe('Parohia Ortodoxă din Asturias');
    expect(ro.subject).toBe('Confirmați adresa de e-mail · Parohia Ortodoxă din Asturias');
    expect(ro.text).toContain('Bună ziua, Ioana <Țăranu>');
    expect(ro.text).toContain(`pentru a termina crearea contului: ${LINK}`);
    // The name is text in the HTML, never markup.
    expect(ro.html).toContain('Ioana &#60;Țăranu&#62;');
    expect(ro.html).toContain('&#38;oobCode=a&#38;b=&#60;c&#62;');
  });

  it('an existing account’s: says so, links to /login and carries no link that changes anything', () => {
    const es = existingAccountMail('es', 'https://parroquia.example/login');
    expect(es.subject).toBe('Ya tienes una cuenta · Parroquia Ortodoxa de Asturias');
    expect(es.text).toContain('Entra con tu cuenta: https://parroquia.example/login');
    expect(es.text).toContain('¿Has olvidado tu contraseña?');
    expect(es.text).not.toMatch(/oobCode/);
    expect(existingAccountMail('en', 'x').subject).toMatch(/^You already have an account/);
  });

  it('takes an address as the reset does, a password of 6 or more, a donor name, a language', () => {
    const parse = (body: unknown) => z.safeParse(signUpBodySchema, body);
    expect(
      parse({ email: ' Ana@X.ES ', password: '123456', name: '  Ana  ', language: 'en' }).data,
    ).toEqual({ email: 'ana@x.es', password: '123456', name: 'Ana', language: 'en' });
    const refusal = (body: unknown) => parse(body).error?.issues[0]?.message;
    expect(refusal({ email: 'ana@x.es', password: '12345', name: 'Ana' })).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(refusal({ email: 'ana@x.es', name: 'Ana' })).toBe(MESSAGES.passwordTooShort);
    expect(refusal({ email: 'ana@x.es', password: '123456', name: '\u200b ' })).toBe(
      MESSAGES.nameEmpty,
    );
    expect(refusal({ email: 'ana', password: '123456', name: 'Ana' })).toBe(MESSAGES.emailInvalid);
    // Where the donor was going: a path of the site only.
    const going = { email: 'ana@x.es', password: '123456', name: 'Ana' };
    expect(parse({ ...going, return_to: '/success?session_id=cs_1' }).success).toBe(true);
    for (const return_to of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'x',
      '/a b',
    ]) {
      expect(refusal({ ...going, return_to }), return_to).toBe(MESSAGES.returnPathInvalid);
    }
  });
});
