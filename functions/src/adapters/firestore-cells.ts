/**
 * The CellRepository on firebase-admin. The sweep only tidies stored state: the map and every
 * transaction already read lapsed holds and reservations as available (docs/product.md).
 */
import { decideSweep, readCellDocument } from '@parroquia/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import type { CellRepository, StoredCell } from '../ports/plots';
import { writeDecision } from './decision-writes';
import { readStoredCells } from './firestore-reads';

export function firestoreCellRepository(db: () => Firestore): CellRepository {
  return {
    async listCells() {
      const snapshot = await db().collection('cells').get();
      const cells: StoredCell[] = [];
      for (const doc of snapshot.docs) {
        const reading = readCellDocument(doc.id, doc.data());
        if (reading.ok) cells.push(reading.cell);
        else logMalformedCell(doc.id, reading.problem);
      }
      return { readTime: snapshot.readTime.toMillis(), cells };
    },

    async releaseLapsed(now) {
      // Only what lapsed (issue 42 item 3): a hold past its end, a reservation past its deadline.
      // An hour with nothing lapsed reads nothing, however many plots are held or reserved.
      const cells = db().collection('cells');
      const at = Timestamp.fromMillis(now);
      const [holds, reservations] = await Promise.all([
        cells.where('status', '==', 'held').where('hold.expires_at', '<=', at).get(),
        cells.where('status', '==', 'reserved').where('reserved_until', '<=', at).get(),
      ]);
      const released: string[] = [];
      for (const doc of [...holds.docs, ...reservations.docs]) {
        // Re-read inside the transaction: a donor's payment since the query wins.
        const changed = await db().runTransaction(async (tx) => {
          const decisions = (await readStoredCells(db(), tx, [doc.id])).map((cell) =>
            decideSweep(cell, now),
          );
          for (const decision of decisions) writeDecision(tx, db(), decision);
          return decisions.some((decision) => decision.outcome);
        });
        if (changed) released.push(doc.id);
      }
      return released;
    },
  };
}
