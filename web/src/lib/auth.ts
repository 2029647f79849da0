/**
 * Sign-in with Firebase Auth (docs/product.md): Google, Facebook, Apple in a popup, and e-mail with a
 * password. Plain functions over `lib/firebase`, so components never touch the SDK.
 */
import type { User } from 'firebase/auth';
import { ApiError } from '@/lib/api-error';
import { env } from '@/config/env';
import { getFirebaseAuth, onAuthStart } from '@/lib/firebase';
import type { Language } from '@/lib/i18n';
import { hasPersistedUser } from '@/lib/persisted-user';
import type { ExternalProvider } from './auth-sign-in';

export type { ExternalProvider };
export const EXTERNAL_PROVIDERS: readonly ExternalProvider[] = ['google', 'facebook', 'apple'];

/** The signed-in account as the app needs it. */
export interface AuthAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** `google.com`, `facebook.com`, `apple.com` or `password`. */
  providerId: string;
  /** Firebase Auth's own word that the address is the account's (as of the last sign-in). */
  emailVerified: boolean;
}

export function toAccount(user: User): AuthAccount {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    providerId: user.providerData[0]?.providerId ?? 'password',
    emailVerified: user.emailVerified,
  };
}

/** Auth, started for a sign-in, with the SDK's sign-in calls. */
function signInTools() {
  return Promise.all([getFirebaseAuth('sign-in'), import('./auth-sign-in')]);
}

export async function signInWithProvider(provider: ExternalProvider): Promise<void> {
  const [auth, signIn] = await signInTools();
  await signIn.providerPopup(auth, provider);
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const [auth, signIn] = await signInTools();
  await signIn.emailSignIn(auth, email, password);
}

/**
 * E-mail sign-up, asked of the API (issue 30): the parish creates the account with the donor's
 * name (already checked: `checkDonorName`) and mails, in `language`, the link that proves the
 * address and comes back to /login; when the address already has an account it mails that
 * instead and changes nothing. The answer is the same either way, so nobody learns from this
 * form who is a donor; the donor signs in once the link is opened, which comes back to /login
 * with `returnTo` (where they were going; null: nowhere in particular).
 */
export async function requestSignUp(
  email: string,
  password: string,
  name: string,
  language: Language,
  returnTo: string | null,
): Promise<void> {
  const { askSignUp } = await import('./sign-up');
  try {
    await askSignUp(email, password, name, language, returnTo);
  } catch (error) {
    // A refused password is named by its field in the API's answer (docs/api.md).
    const weak = error instanceof ApiError && error.status === 400 && error.field === 'password';
    throw weak ? Object.assign(new Error(error.message), { code: 'auth/weak-password' }) : asAuthError(error);
  }
}

/**
 * The password reset e-mail, asked of the API (issue 30): the parish mails Auth's link in
 * `language` when the address has an account, and answers the same when it has none, so nobody
 * learns from this form who is a donor. The link comes back to /login once the new password
 * is set. Past the API's limits (per address and per caller) it answers 429, said as
 * Auth's own `too-many-requests`; a refused address as `invalid-email`.
 */
export async function sendPasswordReset(email: string, language: Language): Promise<void> {
  // Loaded when asked, as `api-client-context.tsx` loads the client: other pages skip it.
  const { askPasswordReset } = await import('./password-reset');
  try {
    await askPasswordReset(email, language);
  } catch (error) {
    throw asAuthError(error);
  }
}

/**
 * An API refusal said as Auth's own codes, so the sign-in panel's toasts say it: past the API's
 * limits (429) `too-many-requests`, a refused address (400) `invalid-email`, no answer `network-
 * request-failed`.
 */
function asAuthError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const code =
    error.status === 429
      ? 'auth/too-many-requests'
      : error.status === 400
        ? 'auth/invalid-email'
        : error.status === null
          ? 'auth/network-request-failed'
          : null;
  return code ? Object.assign(new Error(error.message), { code }) : error;
}

/** Sends the signed-in account's address its proving link again, in `language`. */
export async function sendAddressVerification(language: Language, verifiedUrl: string) {
  const [auth, signIn] = await signInTools();
  auth.languageCode = language;
  await signIn.verificationEmail(auth, verifiedUrl);
}

/**
 * Signs the donor in again (password, or the provider's popup) and answers an ID token of that
 * new sign-in: erasing the account asks for one of the last few minutes.
 */
export async function freshSignInToken(
  proof: { password: string } | { provider: ExternalProvider },
): Promise<string> {
  const [auth, signIn] = await signInTools();
  await signIn.reauthenticate(auth, proof);
  if (!auth.currentUser) throw new Error('nobody is signed in');
  return auth.currentUser.getIdToken(true);
}

export async function signOutOfFirebase(): Promise<void> {
  const auth = await getFirebaseAuth();
  await auth.signOut();
}

/**
 * Whether someone may be signed in here: false only when the browser holds no saved user, so
 * that a visitor who never signed in downloads no Auth SDK (`lib/persisted-user.ts`).
 */
export function mayBeSignedIn(): Promise<boolean> {
  return hasPersistedUser(env.FIREBASE_API_KEY);
}

/**
 * Starts the Auth SDK before the visitor picks a way to sign in: on phones the SDK then loads
 * what a provider's popup needs at once, so that the popup opens on the tap (a late one is
 * blocked), as it did when every page started the SDK.
 */
export function prepareSignIn(): void {
  // A warm-up only: a failure is logged here and signing in tries again.
  void signInTools().catch((error: unknown) => console.error('Firebase Auth did not start', error));
}

/** Calls back when anything starts the Auth SDK (a sign-in); answers the cancel function. */
export const onSignInStart = onAuthStart;

/** Calls back with the account (or null) now and on every sign-in or sign-out. */
export async function watchAccount(onChange: (account: AuthAccount | null) => void) {
  const auth = await getFirebaseAuth();
  return auth.onAuthStateChanged((user) => onChange(user ? toAccount(user) : null));
}

/** A fresh ID token for `Authorization: Bearer`, or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** The `auth/...` code of a failed sign-in, or null for another kind of error. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && code.startsWith('auth/')) return code;
  }
  return null;
}
