import { describe, expect, it } from 'vitest';
import { accountEmail, externalProviderOf, NO_EMAIL_DOMAIN } from './account-email';

describe('accountEmail', () => {
  it('keeps a real address, trimmed and in lower case', () => {
    expect(
      accountEmail({ email: ' Ana@Parroquia.TEST ', providerId: 'password', subject: 'u1' }),
    ).toBe('ana@parroquia.test');
    expect(accountEmail({ email: 'ion@x.ro', providerId: 'facebook.com', subject: 'u2' })).toBe(
      'ion@x.ro',
    );
  });

  it('gives Facebook and Apple accounts without e-mail a prefixed placeholder', () => {
    expect(accountEmail({ email: null, providerId: 'facebook.com', subject: 'fb123' })).toBe(
      `facebook_fb123@${NO_EMAIL_DOMAIN}`,
    );
    expect(accountEmail({ email: '', providerId: 'apple.com', subject: 'ap9' })).toBe(
      `apple_ap9@${NO_EMAIL_DOMAIN}`,
    );
    expect(accountEmail({ email: '  ', providerId: 'oidc.other', subject: 'x' })).toBe(
      `external_x@${NO_EMAIL_DOMAIN}`,
    );
  });

  it('keeps only safe characters of the subject in the mailbox name', () => {
    expect(accountEmail({ email: undefined, providerId: 'apple.com', subject: 'a b@c<d>' })).toBe(
      `apple_a-b-c-d-@${NO_EMAIL_DOMAIN}`,
    );
  });
});

describe('externalProviderOf (the reverse rule for "Connected with ...")', () => {
  it('reads the provider back from a placeholder', () => {
    const placeholder = (providerId: string) =>
      accountEmail({ email: null, providerId, subject: 'u' });
    expect(externalProviderOf(placeholder('facebook.com'))).toBe('facebook');
    expect(externalProviderOf(placeholder('apple.com'))).toBe('apple');
    expect(externalProviderOf(placeholder('github.com'))).toBe('external');
  });

  it('answers null for real addresses, even with a provider-like prefix', () => {
    expect(externalProviderOf('ana@parroquia.test')).toBeNull();
    expect(externalProviderOf('facebook_fan@gmail.com')).toBeNull();
  });
});
