/**
 * Accounts without a real e-mail (Facebook and Apple may give none) are stored with a
 * placeholder address on a reserved domain, prefixed by the provider (SPEC.md 2, user edit
 * dialog). The profile shows "Connected with ..." instead of such an address.
 */

/** `.invalid` is reserved (RFC 2606): nothing is ever delivered there. */
export const NO_EMAIL_DOMAIN = 'no-email.parroquia.invalid';

export type EmailDisplay =
  | { kind: 'address'; email: string }
  | { kind: 'provider'; provider: 'facebook' | 'apple' | 'other' };

/** The address to store for an account, inventing the placeholder when the provider gave none. */
export function storedEmailFor(email: string | null, uid: string, providerId: string): string {
  if (email) return email;
  const prefix =
    providerId === 'facebook.com' ? 'facebook_' : providerId === 'apple.com' ? 'apple_' : '';
  return `${prefix}${uid}@${NO_EMAIL_DOMAIN}`;
}

export function emailDisplay(storedEmail: string): EmailDisplay {
  if (!storedEmail.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`)) {
    return { kind: 'address', email: storedEmail };
  }
  if (storedEmail.startsWith('facebook_')) return { kind: 'provider', provider: 'facebook' };
  if (storedEmail.startsWith('apple_')) return { kind: 'provider', provider: 'apple' };
  return { kind: 'provider', provider: 'other' };
}
