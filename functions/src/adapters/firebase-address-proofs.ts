/**
 * What Firebase Auth proves of accounts' addresses, asked of Auth itself (Admin SDK) each time
 * the money core decides whom a gift or an e-mail goes to: verified, or given by Google, Apple
 * or Facebook (`provenAddressOf`). Never a copy kept in Firestore, which would be stale the moment
 * a donor verifies (docs/architecture.md, "Whose address is proven").
 */
import { mayHoldPlots, provenAddressOf } from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import type { AddressProofs } from '../ports/sign-in';

/** Auth's limit on the accounts of one `getUsers`. */
const LOOKUP_MAX = 100;

export function firebaseAddressProofs(auth: () => Auth): AddressProofs {
  return {
    async provenAddresses(uids) {
      const proven = new Map<string, string>();
      const unique = [...new Set(uids)];
      for (let start = 0; start < unique.length; start += LOOKUP_MAX) {
        const batch = unique.slice(start, start + LOOKUP_MAX).map((uid) => ({ uid }));
        // An account deleted from Auth is in `notFound`: it proves nothing.
        const { users } = await auth().getUsers(batch);
        for (const user of users) {
          const address = provenAddressOf({
            email: user.email,
            emailVerified: user.emailVerified,
            providers: user.providerData.map(({ providerId, email }) => ({ providerId, email })),
          });
          if (address) proven.set(user.uid, address);
        }
      }
      return proven;
    },

    async mayHold(uid) {
      // Asked before the hold's transaction: an address only goes from unproven to proven, so a
      // lookup a moment stale at worst refuses a donor who verified that very second.
      const user = await auth().getUser(uid);
      return mayHoldPlots({
        email: user.email,
        emailVerified: user.emailVerified,
        providers: user.providerData.map(({ providerId, email }) => ({ providerId, email })),
      });
    },
  };
}
