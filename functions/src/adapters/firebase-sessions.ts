import type { Auth } from 'firebase-admin/auth';
import type { SessionRevoker } from '../ports/sign-in';

export function firebaseSessionRevoker(auth: () => Auth): SessionRevoker {
  return {
    async revokeSessions(uid) {
      await auth().revokeRefreshTokens(uid);
    },
  };
}
