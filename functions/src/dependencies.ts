/** The production wiring of the API's ports. Builds nothing until a request needs it. */
import { randomInt } from 'node:crypto';
import { firebaseIdTokenVerifier } from './adapters/firebase-id-tokens';
import { firestoreCertificateCodes } from './adapters/firestore-certificate-codes';
import { firestoreDonationLedger } from './adapters/firestore-donations';
import { firestorePhysicalCertificates } from './adapters/firestore-physical-certificates';
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
    certificateCodes: firestoreCertificateCodes(firestore),
    physicalCertificates: firestorePhysicalCertificates(firestore),
    donations: firestoreDonationLedger(firestore),
    randomIndex: (size) => randomInt(size),
  };
}
