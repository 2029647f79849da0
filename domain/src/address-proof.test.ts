import { describe, expect, it } from 'vitest';
import { isProvenAddress, provenAddressOf } from './address-proof';

const password = (email: string) => ({ providerId: 'password', email });

describe('provenAddressOf', () => {
  it('proves a verified address, lower-case', () => {
    expect(
      provenAddressOf({
        email: ' Ana@Parroquia.test',
        emailVerified: true,
        providers: [password('ana@parroquia.test')],
      }),
    ).toBe('ana@parroquia.test');
  });

  it('proves nothing of an e-mail sign-up never verified (the squatter)', () => {
    expect(
      provenAddressOf({
        email: 'victima@parroquia.test',
        emailVerified: false,
        providers: [password('victima@parroquia.test')],
      }),
    ).toBeNull();
  });

  it.each(['google.com', 'apple.com', 'facebook.com'])(
    'proves the address %s gave, verified flag or not',
    (providerId) => {
      expect(
        provenAddressOf({
          email: 'rosa@correo.test',
          emailVerified: false,
          providers: [{ providerId, email: 'Rosa@correo.test' }],
        }),
      ).toBe('rosa@correo.test');
    },
  );

  it('a provider linked to an unverified e-mail account proves nothing of that e-mail', () => {
    expect(
      provenAddressOf({
        email: 'victima@parroquia.test',
        emailVerified: false,
        providers: [
          password('victima@parroquia.test'),
          { providerId: 'facebook.com', email: 'atacante@correo.test' },
        ],
      }),
    ).toBeNull();
  });

  it('other providers and accounts without an address prove nothing', () => {
    expect(
      provenAddressOf({
        email: 'x@correo.test',
        emailVerified: false,
        providers: [{ providerId: 'github.com', email: 'x@correo.test' }],
      }),
    ).toBeNull();
    expect(provenAddressOf({ email: null, emailVerified: true, providers: [] })).toBeNull();
  });
});

describe('isProvenAddress', () => {
  it('is the stored address when Auth proves that one', () => {
    expect(isProvenAddress('ana@parroquia.test', 'ana@parroquia.test')).toBe(true);
    expect(isProvenAddress('ANA@parroquia.test', 'ana@parroquia.test')).toBe(true);
    expect(isProvenAddress('ana@parroquia.test', null)).toBe(false);
    // The account's address in Auth changed since it was stored: the stored one is not proven.
    expect(isProvenAddress('vieja@parroquia.test', 'nueva@parroquia.test')).toBe(false);
  });
});
