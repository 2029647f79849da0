/** Plots the API suites give to their test donors, set and reset with the Admin SDK. */
import { parsePlotCode } from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

export async function setPlots(
  db: Firestore,
  codes: readonly string[],
  holding: {
    status: 'bought' | 'reserved' | 'available';
    user: string | null;
    donor_display: string | null;
  },
): Promise<void> {
  const batch = db.batch();
  for (const code of codes) {
    const { x, y } = parsePlotCode(code);
    const reservedUntil =
      holding.status === 'reserved'
        ? { reserved_until: Timestamp.fromMillis(Date.now() + 864e5) }
        : {};
    batch.set(db.collection('cells').doc(code), {
      x,
      y,
      ...holding,
      ...reservedUntil,
      // The commit's time, as every writer of cells stores it: the map listens from it.
      updated_at: FieldValue.serverTimestamp(),
    });
  }
  await batch.commit();
}

export function resetPlots(db: Firestore, codes: readonly string[]): Promise<void> {
  return setPlots(db, codes, { status: 'available', user: null, donor_display: null });
}

/** `count` plot codes of one column range, e.g. plotRange('T', 'U', 20) -> T1..T20, U1..U20. */
export function plotRange(columns: string, rows: number): string[] {
  return [...columns].flatMap((column) =>
    Array.from({ length: rows }, (_, i) => `${column}${i + 1}`),
  );
}
