/**
 * Who is asking and what Auth proves: ID tokens, sessions, proven addresses, the
 * parish's own sign-up and password-reset e-mails.
 */
import type { Language } from '@parroquia/domain';

/** Who made a request, from a verified Firebase ID token. */
export interface Caller {
  uid: string;
  /** The custom claim `staff: true`. */
  staff: boolean;
  /** The e-mail the token vouches for, if any. */
  email?: string | null;
  /** The token's `name`: the account's display name when the token was issued. */
  name?: string | null;
  /** `firebase.sign_in_provider` of the token: `password`, `google.com`, `facebook.com`... */
  providerId?: string;
  /** The token's `email_verified`: only then does the e-mail prove who the caller is. */
  emailVerified?: boolean;
  /** The token's `auth_time` (when the user last signed in), epoch milliseconds. */
  authTime?: number;
}

/**
 * What Firebase Auth proves of accounts' addresses (docs/product.md, "What an unverified account
 * receives"): asked where the money core decides whom a gift or an e-mail goes to.
 */
export interface AddressProofs {
  /** The address each account has proven (lower-case, `provenAddressOf`); absent: none. */
  provenAddresses(uids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Whether the account may buy or reserve plots: its address proven (`mayHoldPlots`). */
  mayHold(uid: string): Promise<boolean>;
}

export interface IdTokenVerifier {
  /** The caller, or null when the token is not a valid ID token of this project. */
  verify(idToken: string): Promise<Caller | null>;
}

export interface SessionRevoker {
  /** Ends every session of the account: its refresh tokens and the ID tokens issued before. */
  revokeSessions(uid: string): Promise<void>;
}

/** A forgotten password (issue 30): the parish's own e-mail with Auth's reset link. */
export interface PasswordResetMailer {
  /**
   * Queues the reset e-mail to `email` in `language` when an account has that address; does
   * nothing otherwise. Never says which: the caller answers the same either way.
   */
  mailResetLink(email: string, language: Language, continueUrl: string): Promise<void>;
}

/** E-mail sign-up that says nothing of who has an account (issue 30). */
export interface SignUpMailer {
  /**
   * When no account has `email`: creates it (the password and name given) under a placeholder
   * address, so it cannot sign in yet, and queues the e-mail with the link that confirms it.
   * When one has: changes nothing and queues the e-mail saying so, with the way to `loginUrl`.
   * Never says which. `email-invalid`: an address Auth refuses (no account can have it), with
   * nothing done.
   */
  signUp(request: {
    email: string;
    password: string;
    name: string;
    language: Language;
    loginUrl: string;
  }): Promise<'requested' | 'email-invalid'>;
  /**
   * The link's code: the account takes its address, proven (`confirmed`); `existing` when the
   * address has another account by now; `expired` when the code is unknown, used or too old.
   */
  confirm(code: string, now: number): Promise<'confirmed' | 'existing' | 'expired'>;
  /** Sign-ups whose link was never opened in time: their codes and waiting accounts deleted. */
  dropExpired(now: number): Promise<number>;
}
