import { readLedgerRow } from '@parroquia/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { DonationLedger } from '../ports';

export function firestoreDonationLedger(db: () => Firestore): DonationLedger {
  return {
    async listDonations({ from, to }) {
      let query = db().collection('donations').orderBy('created_at');
      if (from !== null) query = query.where('created_at', '>=', Timestamp.fromMillis(from));
      if (to !== null) query = query.where('created_at', '<', Timestamp.fromMillis(to));
      const snapshot = await query.get();
      return snapshot.docs.map((doc) => readLedgerRow(doc.id, doc.data()));
    },
  };
}
