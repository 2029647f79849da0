/**
 * Sign-in failures (docs/api.md, login) as the translation key of their toast. Firebase Auth
 * reports them with `auth/...` codes.
 */
export type SignInErrorKey =
  | 'cancelled'
  | 'popupBlocked'
  | 'timeout'
  | 'network'
  | 'invalidCredentials'
  | 'weakPassword'
  | 'accountExists'
  | 'invalidEmail'
  | 'tooManyRequests'
  | 'providerOffline'
  | 'failed';

const BY_CODE: Record<string, SignInErrorKey> = {
  'auth/popup-closed-by-user': 'cancelled',
  'auth/cancelled-popup-request': 'cancelled',
  'auth/user-cancelled': 'cancelled',
  'auth/popup-blocked': 'popupBlocked',
  'auth/timeout': 'timeout',
  'auth/network-request-failed': 'network',
  'auth/invalid-credential': 'invalidCredentials',
  'auth/invalid-login-credentials': 'invalidCredentials',
  'auth/wrong-password': 'invalidCredentials',
  'auth/user-not-found': 'invalidCredentials',
  'auth/invalid-email': 'invalidEmail',
  'auth/missing-email': 'invalidEmail',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/weak-password': 'weakPassword',
  'auth/account-exists-with-different-credential': 'accountExists',
};

export function signInErrorKey(code: string | null): SignInErrorKey {
  return (code && BY_CODE[code]) || 'failed';
}

/**
 * A provider's popup sign-in: when the SDK could not load what the popup needs (Google's
 * `apis.google.com` script, offline: `internal-error` from its script loader, or
 * `network-request-failed`), the visitor is told that this way needs an internet connection.
 */
export function providerSignInErrorKey(code: string | null): SignInErrorKey {
  return code === 'auth/internal-error' || code === 'auth/network-request-failed'
    ? 'providerOffline'
    : signInErrorKey(code);
}
