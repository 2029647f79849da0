/**
 * The live plots: one Firestore listener on `cells` (docs/architecture.md). Documents are read with the
 * domain's `readCellDocument`, the same reading the API uses, so store and screen agree.
 */
import { readCellDocument, type CellWithId } from '@parroquia/domain';
import { collection, onSnapshot } from 'firebase/firestore';
import { getFirestoreDb } from '@/lib/firebase';

export type CellChange = { type: 'upsert'; cell: CellWithId } | { type: 'remove'; id: string };

export interface CellBatch {
  changes: CellChange[];
  /** `performance.now()` when the snapshot reached us, for the repaint figure of the bench. */
  receivedAt: number;
}

/** Calls back with the changes of every snapshot (the first one holds every plot). */
export async function subscribeCells(
  onBatch: (batch: CellBatch) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const db = await getFirestoreDb();
  return onSnapshot(
    collection(db, 'cells'),
    (snapshot) => {
      const receivedAt = performance.now();
      // A User Timing mark: `npm run bench` measures snapshot -> repaint from it.
      performance.mark('cells-snapshot');
      const changes: CellChange[] = [];
      for (const change of snapshot.docChanges()) {
        const { id } = change.doc;
        if (change.type === 'removed') {
          changes.push({ type: 'remove', id });
          continue;
        }
        const reading = readCellDocument(id, change.doc.data());
        if (reading.ok) changes.push({ type: 'upsert', cell: reading.cell });
        else console.warn(`cells/${id} skipped: ${reading.problem}`);
      }
      onBatch({ changes, receivedAt });
    },
    onError,
  );
}
