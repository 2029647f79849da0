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

/**
 * Whether the listener is in step with the server (`true`), or answers from its cache while it
 * reconnects (`false`): the SDK says so on a snapshot of metadata alone, which costs no read.
 */
export type OnConnection = (live: boolean) => void;

/**
 * Calls back with the plots written after `sinceMillis`, first those already written. With
 * `onConnection`, also with every change of connection (a snapshot of no plots when only that
 * changed).
 */
export async function listenToChangesSince(
  sinceMillis: number,
  onChanges: (changes: ChangedPlot[]) => void,
  onError: (error: Error) => void,
  onConnection?: OnConnection,
): Promise<() => void> {
  const db = await getFirestoreDb();
  const changedSince = query(
    collection(db, 'cells'),
    where('updated_at', '>', Timestamp.fromMillis(sinceMillis)),
  );
  return onSnapshot(
    changedSince,
    { includeMetadataChanges: onConnection !== undefined },
    (snapshot) => {
      onConnection?.(!snapshot.metadata.fromCache);
      onChanges(
        snapshot.docChanges().map((change) => ({
          id: change.doc.id,
          // A plot leaves this query only if it is deleted: `updated_at` only grows.
          data: change.type === 'removed' ? null : change.doc.data(),
        })),
      );
    },
    onError,
  );
}
