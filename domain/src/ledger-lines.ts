/**
 * A person's ledger rows as the site shows them back (a donor's page for staff, "My donations"):
 * newest first, each gift with what its refunds and voids undid, and what staff may still do
 * with it.
 */
import { isUndoingKind, type LedgerRow } from './ledger';
import { refundedOf } from './settlement/refund';

/** A ledger row as the donor's page shows it, with what staff may still do with it. */
export interface DonorLedgerLine {
  row: LedgerRow;
  /** What the rows naming it gave back or voided, in cents (> 0). */
  undoneCents: number;
  /** A staff registration (cash, transfer) not voided yet. */
  voidable: boolean;
  /** A card gift: what is left to give back, in cents. */
  refundableCents: number;
}

/** The person's rows, newest first, each with what undid it and what is left to do. */
export function donorLedgerLines(rows: readonly LedgerRow[]): DonorLedgerLine[] {
  return [...rows]
    .sort((a, b) => b.created_at - a.created_at || a.id.localeCompare(b.id))
    .map((row) => {
      const gift = !isUndoingKind(row.kind) && row.amount_cents > 0;
      const undoneCents = gift ? refundedOf(rows, row.id) : 0;
      return {
        row,
        undoneCents,
        voidable: gift && row.method !== 'card' && row.recorded_by !== null && undoneCents === 0,
        refundableCents:
          gift && row.method === 'card' ? Math.max(0, row.amount_cents - undoneCents) : 0,
      };
    });
}
