/**
 * A batch of certificate codes in one transaction: read whether any exists, let the money core
 * decide (`decideCodeBatch`: the codes and the staff action that made them), write it.
 */
import { decideCodeBatch } from '@parroquia/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { CertificateCodeStore } from '../ports/certificates';
import { writeDecision } from './decision-writes';
import { isAlreadyExists } from './firestore-errors';

export function firestoreCertificateCodes(db: () => Firestore): CertificateCodeStore {
  return {
    async createCodes(codes, purpose, createdBy, now) {
      const firestore = db();
      try {
        return await firestore.runTransaction(async (tx) => {
          const stored = codes.length
            ? await tx.getAll(
                ...codes.map((code) => firestore.collection('certificate_codes').doc(code)),
              )
            : [];
          const decision = decideCodeBatch({
            codes,
            existing: stored.filter((doc) => doc.exists).map((doc) => doc.id),
            purpose,
            context: {
              staffUid: createdBy,
              actionId: firestore.collection('staff_actions').doc().id,
              now,
            },
          });
          writeDecision(tx, firestore, decision);
          return decision.outcome.ok;
        });
      } catch (error) {
        // Each code is created, never written over: one made meanwhile fails the whole batch.
        if (isAlreadyExists(error)) return false;
        throw error;
      }
    },
  };
}
