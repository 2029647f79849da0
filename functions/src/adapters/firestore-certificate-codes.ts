import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { CertificateCodeStore } from '../ports';
import { isAlreadyExists } from './firestore-errors';

export function firestoreCertificateCodes(db: () => Firestore): CertificateCodeStore {
  return {
    async createCodes(codes, createdBy, now) {
      const firestore = db();
      // One batch is atomic and `create` fails on an existing document: a repeated code, old or
      // made at this very moment by another request, leaves nothing written.
      const batch = firestore.batch();
      for (const code of codes) {
        batch.create(firestore.collection('certificate_codes').doc(code), {
          status: 'unassigned',
          created_at: Timestamp.fromMillis(now),
          created_by: createdBy,
        });
      }
      try {
        await batch.commit();
        return true;
      } catch (error) {
        if (isAlreadyExists(error)) return false;
        throw error;
      }
    },
  };
}
