import { describe, expect, it } from 'vitest';
import { providerSignInErrorKey, signInErrorKey } from './sign-in-errors';

describe('sign-in errors', () => {
  it('a popup that could not load its script offline is "needs internet", for providers only', () => {
    expect(providerSignInErrorKey('auth/internal-error')).toBe('providerOffline');
    expect(providerSignInErrorKey('auth/network-request-failed')).toBe('providerOffline');
    expect(signInErrorKey('auth/network-request-failed')).toBe('network');
    expect(signInErrorKey('auth/internal-error')).toBe('failed');
  });

  it('other provider failures keep their own text', () => {
    expect(providerSignInErrorKey('auth/popup-closed-by-user')).toBe('cancelled');
    expect(providerSignInErrorKey(null)).toBe('failed');
  });

  it('a malformed or missing e-mail is said as such, not as wrong credentials', () => {
    expect(signInErrorKey('auth/invalid-email')).toBe('invalidEmail');
    expect(signInErrorKey('auth/missing-email')).toBe('invalidEmail');
  });
});
