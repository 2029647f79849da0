/**
 * A new e-mail account waits for its link (docs/product.md, "Who has an account is not told"):
 * until the donor opens the link mailed at sign-up, the account lives under an address nobody
 * can type or receive mail at, so signing in with the address and password given answers exactly
 * as a wrong password does, and nobody learns by signing in that the address asked to join. The
 * link's code (random, 256 bits; only its hash is stored) moves the account to its address,
 * proven.
 */

/** How long the link of a sign-up works; the account waiting for it is deleted after. */
export const SIGN_UP_LINK_DAYS = 3;
export const SIGN_UP_LINK_MS = SIGN_UP_LINK_DAYS * 24 * 60 * 60 * 1000;

/** `.invalid` is reserved (RFC 2606): no mailbox has it, and no donor types it. */
const PENDING_DOMAIN = 'alta-pendiente.invalid';

/** The address a sign-up's account has until its link is opened. */
export function pendingSignUpAddress(random: string): string {
  return `alta-${random}@${PENDING_DOMAIN}`;
}

export function isPendingSignUpAddress(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.endsWith(`@${PENDING_DOMAIN}`);
}

/** The link mailed: the site's /login (with where the donor was going), which confirms `code`. */
export function signUpConfirmationLink(loginUrl: string, code: string, language: string): string {
  const url = new URL(loginUrl);
  url.searchParams.set('confirm', code);
  url.searchParams.set('lng', language);
  return url.toString();
}
