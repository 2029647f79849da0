/**
 * What every payment transaction shares, the checkouts' (`firestore-checkouts.ts`) and the
 * settlements' (`firestore-settlements.ts`) alike: how one runs, and the stored payment's status
 * read inside it.
 */
import { readPaymentDocument } from '@parroquia/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** Fifty donors on the same plots conflict a lot; each retry sees the winners' writes. */
const MAX_ATTEMPTS = 30;

export function runPayment<T>(db: Firestore, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.runTransaction(work, { maxAttempts: MAX_ATTEMPTS });
}

/** The stored payment's status, read inside `tx`; null when none is stored. */
export async function paymentStatusIn(db: Firestore, tx: Transaction, sessionId: string) {
  const data = (await tx.get(db.collection('payments').doc(sessionId))).data();
  return data ? (readPaymentDocument(sessionId, data)?.status ?? null) : null;
}
