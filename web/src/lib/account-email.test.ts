import { accountEmail, NO_EMAIL_DOMAIN } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { emailDisplay } from './account-email';

const placeholder = (providerId: string, subject: string) =>
  accountEmail({ email: null, providerId, subject });

describe('the e-mail display rule (docs/screens.md)', () => {
  it('shows a real address as it is', () => {
    expect(emailDisplay('ana@parroquia.test')).toEqual({
      kind: 'address',
      email: 'ana@parroquia.test',
    });
  });

  it('shows "Connected with" the provider for the placeholder addresses', () => {
    expect(emailDisplay(placeholder('facebook.com', '123'))).toEqual({
      kind: 'provider',
      provider: 'facebook',
    });
    expect(emailDisplay(placeholder('apple.com', 'abc'))).toEqual({
      kind: 'provider',
      provider: 'apple',
    });
    expect(emailDisplay(placeholder('oidc.x', 'u9'))).toEqual({
      kind: 'provider',
      provider: 'other',
    });
  });

  it('does not take an address that merely starts like a placeholder for one', () => {
    expect(emailDisplay('facebook_fan@example.org').kind).toBe('address');
    expect(emailDisplay(`facebook_1@${NO_EMAIL_DOMAIN}.example.org`).kind).toBe('address');
  });
});
