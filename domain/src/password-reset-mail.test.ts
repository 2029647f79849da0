import { describe, expect, it } from 'vitest';
import { passwordResetBodySchema, passwordResetMail } from './password-reset-mail';
import * as z from 'zod/mini';

const LINK = 'https://example.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=a&b=<c>';

describe('the password reset e-mail', () => {
  it('is the parish’s, in the language asked, with the link whole in the text and escaped in HTML', () => {
    const ro = passwordResetMail('ro', LINK);
    expect(ro.sender).toBe('Parohia Ortodoxă din Asturias');
    expect(ro.subject).toBe('Resetați parola · Parohia Ortodoxă din Asturias');
    expect(ro.text).toContain(`Alegeți o parolă nouă: ${LINK}`);
    expect(ro.html).toContain(
      'href="https://example.firebaseapp.com/__/auth/action?mode=resetPassword&#38;oobCode=a&#38;b=&#60;c&#62;"',
    );
    expect(passwordResetMail('es', LINK).subject).toMatch(/^Restablecer tu contraseña/);
    expect(passwordResetMail('en', LINK).text).toContain('If it was not you, do nothing');
  });

  it('takes an address, trimmed and lower-cased, and a language of the site', () => {
    const parse = (body: unknown) => z.safeParse(passwordResetBodySchema, body);
    expect(parse({ email: ' Ana@Parroquia.TEST ', language: 'ro' }).data).toEqual({
      email: 'ana@parroquia.test',
      language: 'ro',
    });
    for (const email of ['', 'ana', 'ana@x', 'a b@x.es', `${'a'.repeat(250)}@x.es`, 7]) {
      expect(parse({ email }).success, String(email)).toBe(false);
    }
    expect(parse({ email: 'ana@x.es', language: 'de' }).success).toBe(false);
  });
});
