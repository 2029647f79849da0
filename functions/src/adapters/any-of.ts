/**
 * Queries over many values. Firestore takes at most 30 values in one `in` or `array-contains-any`
 * filter, so a longer list is asked in chunks and the answers merged: a decision that needs
 * every plot of a 50-plot registration, or every mailbox of a person, reads all of them.
 */
import type { Query, QueryDocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';

/** Firestore's limit on the values of one `in` or `array-contains-any` filter. */
export const ANY_OF_MAX = 30;

/** `values` without repeats, in lists of at most `ANY_OF_MAX`. */
export function chunksOf<T>(values: Iterable<T>): T[][] {
  const unique = [...new Set(values)];
  const out: T[][] = [];
  for (let i = 0; i < unique.length; i += ANY_OF_MAX) out.push(unique.slice(i, i + ANY_OF_MAX));
  return out;
}

/**
 * The documents `query` finds for any of `values`, each once, however many values: one query per
 * chunk, read through `read` (a transaction's `tx.get`, or a plain `get`).
 */
export async function readAnyOf<T>(
  read: (query: Query) => Promise<QuerySnapshot>,
  values: Iterable<T>,
  query: (chunk: T[]) => Query,
): Promise<QueryDocumentSnapshot[]> {
  const snapshots = await Promise.all(chunksOf(values).map((chunk) => read(query(chunk))));
  const byPath = new Map<string, QueryDocumentSnapshot>();
  for (const doc of snapshots.flatMap((snapshot) => snapshot.docs)) byPath.set(doc.ref.path, doc);
  return [...byPath.values()];
}
