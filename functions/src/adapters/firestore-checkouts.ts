/**
 * Opening and closing checkouts on firebase-admin: the plots held for a checkout in one
 * transaction (the account's hold lock read and written, so two checkouts of one account
 * conflict and the second counts the first's holds), given back when it ends unpaid, and the
 * payment document opened for it. Each decision is the money core's.
 */
import {
  decideCheckoutCancelled,
  decideHold,
  decideRelease,
  openedPayment,
  readPaymentDocument,
} from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { PaymentCheckouts } from '../ports/payments';
import type { AddressProofs } from '../ports/sign-in';
import { writeDecision } from './decision-writes';
import { isAlreadyExists } from './firestore-errors';
import { readCells, storedCell } from './firestore-reads';
import { paymentStatusIn, runPayment } from './payment-transactions';

export function firestoreCheckouts(
  db: () => Firestore,
  now: () => number,
  proofs: Pick<AddressProofs, 'mayHold'>,
): PaymentCheckouts {
  const paymentRef = (id: string) => db().collection('payments').doc(id);
  const holdLockRef = (uid: string) => db().collection('hold_locks').doc(uid);
  const run = <T>(work: (tx: Transaction) => Promise<T>) => runPayment(db(), work);
  const statusOf = (tx: Transaction, sessionId: string) => paymentStatusIn(db(), tx, sessionId);

  return {
    async holdPlots(order, expiresAt) {
      // Completions hold nothing new: never asked.
      const addressProven = order.kind === 'complete' || (await proofs.mayHold(order.uid));
      return run(async (tx) => {
        await tx.get(holdLockRef(order.uid));
        // An erasure writes the same hold lock: whichever commits second sees the first.
        const account = await tx.get(db().collection('users').doc(order.uid));
        if (!account.exists) return { ok: false as const, reason: 'no-account' as const };
        const own = await tx.get(db().collection('cells').where('user', '==', order.uid));
        const snapshots = await tx.getAll(
          ...order.plots.map((code) => db().collection('cells').doc(code)),
        );
        const decision = decideHold({
          order,
          expiresAt,
          plots: snapshots.map((s) => ({ code: s.id, cell: s.exists ? storedCell(s) : null })),
          accountCells: own.docs.map(storedCell),
          addressProven,
          now: now(),
        });
        writeDecision(tx, db(), decision);
        tx.set(holdLockRef(order.uid), { updated_at: FieldValue.serverTimestamp() });
        return decision.outcome;
      });
    },

    async releaseHolds(order) {
      await run(async (tx) => {
        writeDecision(
          tx,
          db(),
          decideRelease(order, await readCells(db(), tx, order.plots), now()),
        );
      });
    },

    async findPayment(sessionId) {
      const data = (await paymentRef(sessionId).get()).data();
      return data ? readPaymentDocument(sessionId, data) : null;
    },

    async findCheckout(checkoutId) {
      const found = await db()
        .collection('payments')
        .where('checkout_id', '==', checkoutId)
        .limit(1)
        .get();
      const payment = found.docs[0];
      return payment ? readPaymentDocument(payment.id, payment.data()) : null;
    },

    async cancelCheckout(sessionId, order) {
      await run(async (tx) => {
        const paymentStatus = await statusOf(tx, sessionId);
        const cells = await readCells(db(), tx, order.plots);
        writeDecision(
          tx,
          db(),
          decideCheckoutCancelled({ sessionId, order, cells, paymentStatus, now: now() }),
        );
      });
    },

    async recordCheckout(sessionId, order, amountCents) {
      const fields = openedPayment(order, amountCents, now());
      try {
        await paymentRef(sessionId).create({ ...fields, created_at: Timestamp.fromMillis(now()) });
      } catch (error) {
        // An event got there first: what it wrote is newer.
        if (!isAlreadyExists(error)) throw error;
      }
    },
  };
}
