/**
 * The CellRepository on firebase-admin. The sweep only tidies stored state: the map and every
 * transaction already read lapsed holds and reservations as available (docs/product.md).
 */
import { decideSweep, readCellDocument } from '@parroquia/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import type { CellRepository, StoredCell } from '../ports';
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
      const candidates = await db()
        .collection('cells')
        .where('status', 'in', ['held', 'reserved'])
        .get();
      const released: string[] = [];
      for (const doc of candidates.docs) {
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
