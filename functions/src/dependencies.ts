/** The production wiring of the API's ports. Builds nothing until a request needs it. */
import { firebaseIdTokenVerifier } from './adapters/firebase-id-tokens';
import { firestoreCellRepository } from './adapters/firestore-cells';
import { firestoreUserRepository } from './adapters/firestore-users';
import { auth, firestore } from './firebase';
import type { ApiDependencies } from './ports';

export function productionDependencies(): ApiDependencies {
  return {
    cells: firestoreCellRepository(firestore),
    users: firestoreUserRepository(firestore),
    idTokens: firebaseIdTokenVerifier(auth),
    now: () => Date.now(),
  };
}
