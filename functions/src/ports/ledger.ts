/**
 * The ledger, `donations/{id}`, as staff and donors read it.
 */
import type {
  LedgerFilter,
  LedgerListQuery,
  LedgerListRow,
  LedgerExportRow,
  LedgerRow,
  LedgerTotals,
} from '@parroquia/domain';

/** `donations/{id}`, the ledger (docs/data-model.md). */
export interface DonationLedger {
  /** Every entry the filter finds, oldest first (the CSV). */
  listDonations(filter: LedgerFilter): Promise<LedgerExportRow[]>;
  /** Every row of a Spanish month (`YYYY-MM`), for its close. */
  rowsOfMonth(month: string): Promise<LedgerRow[]>;
  /** One page of the entries the filter finds, newest first, and the filter's totals. */
  pageDonations(query: LedgerListQuery): Promise<{
    rows: LedgerListRow[];
    next_cursor: string | null;
    totals: LedgerTotals;
  }>;
  /**
   * The rows whose `donor` is this account (its card gifts, and the registrations of the
   * certificates linked to it), with their refunds and voids: "My donations" (issue 30).
   */
  rowsOfDonor(uid: string): Promise<LedgerRow[]>;
}
