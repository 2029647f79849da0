/**
 * What a staff action moved in the ledger, as the record of staff actions shows it (docs/screens.md,
 * /staff/acciones): how much and how, for whom, with which certificate. Read from the rows the
 * action names (`donations`), so the record says what the ledger says: a void shows the row that
 * undid the gift, a registration or a rest paid the rows it wrote, and a refund the amount staff
 * asked of Stripe (its ledger row is written when Stripe reports it).
 */
import { isUndoingKind, type DonationMethod, type LedgerRow } from './ledger';

export interface StaffActionMoney {
  /** Negative for what was given back or voided. */
  amount_cents: number;
  method: DonationMethod | null;
  donor: { name: string; email: string };
  certificate_code: string | null;
}

export function staffActionMoney(
  action: { action: string; amount_cents?: number },
  rows: ReadonlyArray<LedgerRow & { certificate_code: string | null }>,
): StaffActionMoney | null {
  const [first] = rows;
  if (!first) return null;
  const undoing = rows.filter((row) => isUndoingKind(row.kind));
  const counted = undoing.length > 0 ? undoing : rows;
  const amount =
    action.action === 'refund' && typeof action.amount_cents === 'number'
      ? -action.amount_cents
      : counted.reduce((sum, row) => sum + row.amount_cents, 0);
  const methods = new Set(rows.map((row) => row.method));
  return {
    amount_cents: amount,
    method: methods.size === 1 ? first.method : null,
    donor: { name: first.donor_name, email: first.donor_email },
    certificate_code: rows.find((row) => row.certificate_code)?.certificate_code ?? null,
  };
}
