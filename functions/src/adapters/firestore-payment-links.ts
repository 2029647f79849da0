/**
 * Payment links on firebase-admin (`payment_links/{sha256 of the token}`): made in one
 * transaction with the donor's other links and the plots read, and the account's hold lock
 * written, so two made at once count each other against the caps.
 */
import {
  decideLinkCreation,
  newPaymentLinkFields,
  displayOf,
  linkStateAt,
  PAYMENT_LINK_DAY_MS,
  readDonorRecord,
  readPaymentLinkDocument,
} from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { PaymentLinkStore } from '../ports/payment-links';
import { storedCell } from './firestore-reads';

export function firestorePaymentLinks(db: () => Firestore): PaymentLinkStore {
  const links = () => db().collection('payment_links');
  const cellsOf = (codes: readonly string[]) =>
    codes.map((code) => db().collection('cells').doc(code));

  return {
    async create(link, now) {
      return db().runTransaction(async (tx) => {
        const lock = db().collection('hold_locks').doc(link.uid);
        await tx.get(lock);
        // The donor's links (one equality: no composite index), the old ones left out here.
        const own = await tx.get(links().where('uid', '==', link.uid));
        const snapshots = await tx.getAll(...cellsOf(link.plots));
        const decision = decideLinkCreation({
          uid: link.uid,
          kind: link.kind,
          plots: snapshots.map((s) => ({ code: s.id, cell: s.exists ? storedCell(s) : null })),
          donorLinks: own.docs
            .flatMap((doc) => readPaymentLinkDocument(doc.id, doc.data()) ?? [])
            .filter((old) => old.expiresAt > now - PAYMENT_LINK_DAY_MS),
          now,
        });
        if (!decision.ok) return decision;
        const fields = newPaymentLinkFields(link, decision, now);
        tx.create(links().doc(link.id), {
          ...fields,
          created_at: Timestamp.fromMillis(fields.created_at),
          expires_at: Timestamp.fromMillis(fields.expires_at),
        });
        tx.set(lock, { updated_at: FieldValue.serverTimestamp() });
        return decision;
      });
    },

    async open(id) {
      const snapshot = await links().doc(id).get();
      const link = snapshot.exists ? readPaymentLinkDocument(id, snapshot.data() ?? {}) : null;
      if (!link) return null;
      const [donor, ...cells] = await db().getAll(
        db().collection('users').doc(link.uid),
        ...cellsOf(link.plots),
      );
      if (!donor?.exists) return null;
      return {
        link,
        cells: cells.map((s) => ({ code: s.id, cell: s.exists ? storedCell(s) : null })),
        // No address proof is asked: only the name (or code) the map shows is used.
        donorDisplay: displayOf(readDonorRecord(link.uid, donor.data() ?? {}, null), link.uid),
      };
    },

    async recordCheckout(id, checkoutId) {
      await links().doc(id).update({ checkout_id: checkoutId });
    },

    async openLinksOf(uid, now) {
      const own = await links().where('uid', '==', uid).get();
      return own.docs
        .flatMap((doc) => readPaymentLinkDocument(doc.id, doc.data()) ?? [])
        .filter((link) => linkStateAt(link, now) === 'open');
    },

    async cancel(id, now) {
      return db().runTransaction(async (tx) => {
        const ref = links().doc(id);
        const snapshot = await tx.get(ref);
        const link = snapshot.exists ? readPaymentLinkDocument(id, snapshot.data() ?? {}) : null;
        if (!link || linkStateAt(link, now) !== 'open') return false;
        tx.update(ref, { state: 'cancelled' });
        return true;
      });
    },
  };
}
