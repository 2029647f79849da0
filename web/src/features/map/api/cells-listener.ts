/**
 * The map's live part: one Firestore listener on the plots written after a snapshot's read time
 * (`subscribe-cells.ts` loads this module, and with it the Firestore SDK, while the map already
 * shows the snapshot).
 */
import { collection, onSnapshot, query, Timestamp, where } from 'firebase/firestore';
import { getFirestoreDb } from '@/lib/firebase';

export interface ChangedPlot {
  id: string;
  /** null: the plot's document was deleted. */
  data: Record<string, unknown> | null;
}

/** Calls back with the plots written after `sinceMillis`, first those already written. */
export async function listenToChangesSince(
  sinceMillis: number,
  onChanges: (changes: ChangedPlot[]) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const db = await getFirestoreDb();
  const changedSince = query(
    collection(db, 'cells'),
    where('updated_at', '>', Timestamp.fromMillis(sinceMillis)),
  );
  return onSnapshot(
    changedSince,
    (snapshot) =>
      onChanges(
        snapshot.docChanges().map((change) => ({
          id: change.doc.id,
          // A plot leaves this query only if it is deleted: `updated_at` only grows.
          data: change.type === 'removed' ? null : change.doc.data(),
        })),
      ),
    onError,
  );
}
