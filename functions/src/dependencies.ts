/** The production wiring of the API's ports. Builds nothing until a request needs it. */
import { randomInt } from 'node:crypto';
import { generatePersonalCode } from '@parroquia/domain';
import { firebaseIdTokenVerifier } from './adapters/firebase-id-tokens';
import { firebaseSessionRevoker } from './adapters/firebase-sessions';
import { firestoreCertificateCodes } from './adapters/firestore-certificate-codes';
import { firestoreDonationLedger } from './adapters/firestore-donations';
import { firestorePhysicalCertificates } from './adapters/firestore-physical-certificates';
import { firestoreCellRepository } from './adapters/firestore-cells';
import { firestoreDonorAccounts } from './adapters/firestore-donors';
import { firestoreUserRepository } from './adapters/firestore-users';
import { auth, firestore } from './firebase';
import type { ApiDependencies } from './ports';

export function productionDependencies(): ApiDependencies {
  return {
    cells: firestoreCellRepository(firestore),
    users: firestoreUserRepository(firestore),
    idTokens: firebaseIdTokenVerifier(auth),
    donors: firestoreDonorAccounts(firestore),
    sessions: firebaseSessionRevoker(auth),
    newPersonalCode: () => generatePersonalCode(randomInt),
    now: () => Date.now(),
    certificateCodes: firestoreCertificateCodes(firestore),
    physicalCertificates: firestorePhysicalCertificates(firestore),
    donations: firestoreDonationLedger(firestore),
    randomIndex: (size) => randomInt(size),
  };
}
