/** A donor's plots inside a transaction, and the writes of their new `donor_display`. */
import { renamedPlots, readCellDocument, type CellWithId } from '@parroquia/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import { storeCells } from './cell-writes';

/** Every cell whose `user` is the donor, read inside `tx` (a query read, so it is locked too). */
export async function donorCellsIn(
  db: Firestore,
  tx: Transaction,
  uid: string,
): Promise<CellWithId[]> {
  const snapshot = await tx.get(db.collection('cells').where('user', '==', uid));
  return snapshot.docs.flatMap((doc) => {
    const reading = readCellDocument(doc.id, doc.data());
    if (reading.ok) return [reading.cell];
    logMalformedCell(doc.id, reading.problem);
    return [];
  });
}

/**
 * Writes `display` on the donor's plots that show them (after every read of the transaction),
 * leaving out the plots `except` another write of the same transaction stores.
 */
export function writeDonorDisplay(
  db: Firestore,
  tx: Transaction,
  cells: readonly CellWithId[],
  uid: string,
  display: string,
  now: number,
  except: ReadonlySet<string> = new Set(),
): void {
  const before = new Map(cells.map((cell) => [cell.id, cell]));
  storeCells(
    tx,
    db,
    renamedPlots(cells, uid, display, now)
      .filter((cell) => !except.has(cell.id))
      .map((cell) => ({ before: before.get(cell.id)!, after: cell })),
  );
}
