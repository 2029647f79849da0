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

/**
 * Gives a test file's plots back as never given: available, with no ledger row and no
 * certificate code about them. The API files reuse one pool of plots one after another, and a
 * gift an earlier file left standing on a plot that is for sale again is a history the product
 * cannot have: the money core rightly reads it as still covering the plot (a void of a later
 * registration then left the plot bought).
 */
export async function returnPlots(db: Firestore, codes: readonly string[]): Promise<void> {
  for (let start = 0; start < codes.length; start += 30) {
    const chunk = codes.slice(start, start + 30);
    const [rows, certificates] = await Promise.all([
      db.collection('donations').where('cells', 'array-contains-any', chunk).get(),
      db.collection('certificate_codes').where('plots', 'array-contains-any', chunk).get(),
    ]);
    const batch = db.batch();
    for (const doc of [...rows.docs, ...certificates.docs]) batch.delete(doc.ref);
    await batch.commit();
  }
  await resetPlots(db, codes);
}

/** `count` plot codes of one column range, e.g. plotRange('T', 'U', 20) -> T1..T20, U1..U20. */
export function plotRange(columns: string, rows: number): string[] {
  return [...columns].flatMap((column) =>
    Array.from({ length: rows }, (_, i) => `${column}${i + 1}`),
  );
}
