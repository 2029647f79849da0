/**
 * The live plots (docs/architecture.md, "What a visit reads"): every plot from
 * `GET /api/cells/snapshot/`, one answer the CDN shares between visitors, then one Firestore
 * listener on the plots written after that snapshot's read time, so a visit reads from
 * Firestore only what changed. Every write of a plot stores the commit's time in `updated_at`,
 * so a change the snapshot missed is always after its read time: the map is never stale.
 * Documents are read with the domain's `readCellDocument`, as the API reads them.
 */
import { API_ROUTES, readCellDocument, type CellWithId } from '@parroquia/domain';
import { collection, onSnapshot, query, Timestamp, where } from 'firebase/firestore';
import type { ApiClient } from '@/lib/api-client';
import { getFirestoreDb } from '@/lib/firebase';

export type CellChange = { type: 'upsert'; cell: CellWithId } | { type: 'remove'; id: string };

export interface CellBatch {
  changes: CellChange[];
  /** `performance.now()` when the snapshot reached us, for the repaint figure of the bench. */
  receivedAt: number;
}

function readCell(id: string, data: Record<string, unknown>): CellChange[] {
  const reading = readCellDocument(id, data);
  if (reading.ok) return [{ type: 'upsert', cell: reading.cell }];
  console.warn(`cells/${id} skipped: ${reading.problem}`);
  return [];
}

/** Calls back with every plot first, then with the changes of every later snapshot. */
export async function subscribeCells(
  api: ApiClient,
  onBatch: (batch: CellBatch) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [snapshot, db] = await Promise.all([
    api.call(API_ROUTES.mapSnapshot, {}),
    getFirestoreDb(),
  ]);
  onBatch({
    changes: snapshot.cells.flatMap((cell) => readCell(cell.id, cell)),
    receivedAt: performance.now(),
  });
  const changedSince = query(
    collection(db, 'cells'),
    where('updated_at', '>', Timestamp.fromMillis(snapshot.read_time)),
  );
  return onSnapshot(
    changedSince,
    (changes) => {
      const receivedAt = performance.now();
      // A User Timing mark: `npm run bench` measures snapshot -> repaint from it, and counts
      // the documents a visit read from Firestore.
      performance.mark('cells-snapshot', { detail: { documents: changes.docChanges().length } });
      const batch: CellChange[] = [];
      for (const change of changes.docChanges()) {
        // A plot leaves this query only if it is deleted: `updated_at` only grows.
        if (change.type === 'removed') batch.push({ type: 'remove', id: change.doc.id });
        else batch.push(...readCell(change.doc.id, change.doc.data()));
      }
      onBatch({ changes: batch, receivedAt });
    },
    onError,
  );
}
