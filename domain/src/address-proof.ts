/**
 * Whether an account has proven its e-mail address (docs/product.md, "What an unverified account
 * receives"): Firebase Auth says it is verified, or a provider that vouches for its addresses
 * (Google, Apple, Facebook) signed the account in with that very address. Only a proven address
 * gets what staff register for it, claims a certificate at sign-in, and receives e-mail.
 */

/** Providers whose sign-in proves the address they give (issue 32, part 9). */
export const ADDRESS_PROVING_PROVIDERS: readonly string[] = [
  'google.com',
  'apple.com',
  'facebook.com',
];

/** An account as Firebase Auth knows it (`UserRecord`): its address and its sign-in methods. */
export interface AuthIdentity {
  email?: string | null;
  emailVerified: boolean;
  providers: ReadonlyArray<{ providerId: string; email?: string | null }>;
}

const normalised = (email: string | null | undefined): string => email?.trim().toLowerCase() ?? '';

/**
 * The account's address, lower-case, when it is proven; null otherwise. A provider proves only
 * the address it gave itself: a Facebook sign-in linked to an unverified e-mail account proves
 * nothing of that e-mail.
 */
export function provenAddressOf(identity: AuthIdentity): string | null {
  const email = normalised(identity.email);
  if (email === '') return null;
  if (identity.emailVerified) return email;
  const vouched = identity.providers.some(
    (provider) =>
      ADDRESS_PROVING_PROVIDERS.includes(provider.providerId) &&
      normalised(provider.email) === email,
  );
  return vouched ? email : null;
}

/** Whether `storedEmail` (an account's address as stored) is the address Auth proves. */
export function isProvenAddress(storedEmail: string, provenAddress: string | null): boolean {
  return provenAddress !== null && normalised(storedEmail) === provenAddress;
}
