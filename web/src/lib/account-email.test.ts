import { describe, expect, it } from 'vitest';
import { emailDisplay, NO_EMAIL_DOMAIN, storedEmailFor } from './account-email';

describe('the e-mail display rule (SPEC.md 2)', () => {
  it('shows a real address as it is', () => {
    expect(emailDisplay('ana@parroquia.test')).toEqual({ kind: 'address', email: 'ana@parroquia.test' });
  });

  it('shows the provider for placeholder addresses', () => {
    expect(emailDisplay(`facebook_123@${NO_EMAIL_DOMAIN}`)).toEqual({ kind: 'provider', provider: 'facebook' });
    expect(emailDisplay(`apple_abc@${NO_EMAIL_DOMAIN}`)).toEqual({ kind: 'provider', provider: 'apple' });
    expect(emailDisplay(`xyz@${NO_EMAIL_DOMAIN.toUpperCase()}`)).toEqual({ kind: 'provider', provider: 'other' });
  });

  it('does not take an address that merely contains the prefix for a placeholder', () => {
    expect(emailDisplay('facebook_fan@example.org').kind).toBe('address');
  });

  it('invents the placeholder only when the provider gave no address', () => {
    expect(storedEmailFor('a@b.es', 'u1', 'facebook.com')).toBe('a@b.es');
    expect(storedEmailFor(null, 'u1', 'facebook.com')).toBe(`facebook_u1@${NO_EMAIL_DOMAIN}`);
    expect(storedEmailFor(null, 'u2', 'apple.com')).toBe(`apple_u2@${NO_EMAIL_DOMAIN}`);
    expect(emailDisplay(storedEmailFor(null, 'u2', 'apple.com'))).toEqual({ kind: 'provider', provider: 'apple' });
  });
});
