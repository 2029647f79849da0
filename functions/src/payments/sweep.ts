/**
 * Writes back what lapsed holds and reservations already are (`sweptCell`): the map and every
 * transaction treat them as available before this runs, so the sweep only tidies the stored
 * state. Each cell in its own transaction, re-read, so a donor's payment in between wins.
 */
import { readCellDocument, sweptCell } from '@parroquia/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { cellData } from '../adapters/cell-writes';

export async function sweepLapsedCells(db: Firestore, now: () => number): Promise<string[]> {
  const candidates = await db.collection('cells').where('status', 'in', ['held', 'reserved']).get();
  const released: string[] = [];
  for (const doc of candidates.docs) {
    const changed = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(doc.ref);
      const reading = readCellDocument(snapshot.id, snapshot.data() ?? {});
      if (!reading.ok) return false;
      const swept = sweptCell(reading.cell, now());
      if (!swept) return false;
      tx.set(doc.ref, cellData(swept));
      return true;
    });
    if (changed) released.push(doc.id);
  }
  return released;
}
