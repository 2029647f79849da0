/**
 * Cells stored through the domain's one writer, with firebase-admin's instants, and the
 * campaign's progress moved by the same transaction (docs/data-model.md, `campaign/progress`).
 */
import {
  formatPlotCode,
  isNoProgress,
  progressDifference,
  writeCellDocument,
  type Cell,
  type LedgerEntry,
  type StoredInstants,
} from '@parroquia/domain';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';

export const ADMIN_INSTANTS: StoredInstants<Timestamp | FieldValue> = {
  instant: (millis) => Timestamp.fromMillis(millis),
  serverTime: () => FieldValue.serverTimestamp(),
};

export function cellData(cell: Cell) {
  return writeCellDocument(cell, ADMIN_INSTANTS);
}

export interface CellChange {
  /** The plot as this transaction read it (null: not stored before). */
  before: Cell | null;
  after: Cell;
}

export const progressRef = (db: Firestore) => db.collection('campaign').doc('progress');

/**
 * Every change of plots goes through here, once per transaction: the plots are written and the
 * progress moves by their difference and by the ledger rows the transaction adds (`ledger`),
 * with increments, which need no read, so transactions on different plots never conflict over
 * the progress.
 */
export function storeCells(
  tx: Transaction,
  db: Firestore,
  changes: readonly CellChange[],
  ledger: readonly LedgerEntry[] = [],
): void {
  for (const { after } of changes) {
    tx.set(db.collection('cells').doc(formatPlotCode(after)), cellData(after));
  }
  const difference = progressDifference(changes, ledger);
  if (isNoProgress(difference)) return;
  tx.set(
    progressRef(db),
    {
      plots_bought: FieldValue.increment(difference.plots_bought),
      plots_reserved: FieldValue.increment(difference.plots_reserved),
      raised_cents: FieldValue.increment(difference.raised_cents),
      updated_at: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
}
