import type { Auth } from 'firebase-admin/auth';
import type { IdTokenVerifier } from '../ports/sign-in';

/**
 * `auth/...` errors mean the token itself is bad (malformed, expired, wrong project, revoked...).
 * An internal error (e.g. the public keys could not be fetched) is our fault, not the caller's.
 */
function isRejectedToken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

export function firebaseIdTokenVerifier(auth: () => Auth): IdTokenVerifier {
  return {
    async verify(idToken) {
      try {
        // checkRevoked: after logout (revokeRefreshTokens) the ID tokens issued before stop
        // working at once, not an hour later.
        const decoded = await auth().verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          staff: decoded.staff === true,
          email: typeof decoded.email === 'string' ? decoded.email : null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          providerId: decoded.firebase?.sign_in_provider,
          emailVerified: decoded.email_verified === true,
          // Erasing the account asks for a recent sign-in (domain/src/account-erasure.ts).
          authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time * 1000 : undefined,
        };
      } catch (error) {
        if (isRejectedToken(error)) return null;
        throw error;
      }
    },
  };
}
