import type { Auth } from 'firebase-admin/auth';
import type { SessionRevoker } from '../ports';

export function firebaseSessionRevoker(auth: () => Auth): SessionRevoker {
  return {
    async revokeSessions(uid) {
      await auth().revokeRefreshTokens(uid);
    },
  };
}
