/**
 * Everything the site keeps about a donor, as "My data" gives it (GDPR art. 15 and 20;
 * docs/product.md, "Your data"): the JSON file's shape, which the readable document
 * (`functions/src/pdf/my-data-document.ts`) reads too. Instants are ISO strings.
 */
import type { CellWithId } from './cell-document';
import { plotsHeldBy } from './donor-plots';
import type { Language } from './messages';

/** A ledger row of the donor's, without the parish's own bookkeeping (staff, search words). */
export interface ExportedLedgerRow {
  id: string;
  kind: string;
  method: string;
  /** Negative for a refund or a void. */
  amount_cents: number;
  plots: string[];
  date: string;
  name: string;
  email: string;
  refund_of: string | null;
  certificate_code: string | null;
}

export interface AccountDataExport {
  exported_at: string;
  profile: {
    uid: string;
    name: string | null;
    email: string | null;
    personal_code: string | null;
    is_anonymous_donor: boolean;
    accepted_privacy_policy: boolean;
    privacy_policy_accepted_at: string | null;
    language: string | null;
    created_at: string | null;
    updated_at: string | null;
  };
  /** Bought or reserved plots only. */
  plots: Array<{ plot: string; status: string; reserved_until: string | null }>;
  gifts: ExportedLedgerRow[];
  refunds: ExportedLedgerRow[];
  card_payments: Array<{
    session_id: string;
    kind: string | null;
    plots: string[];
    amount_cents: number;
    status: string | null;
    paid_at: string | null;
    refunded_cents: number;
  }>;
  paper_certificates: Array<{
    code: string;
    name: string | null;
    email: string | null;
    plots: string[];
    registered_at: string | null;
    linked_at: string | null;
  }>;
  emails: Array<{
    id: string;
    to: string | null;
    subject: string | null;
    text: string | null;
    queued_at: string | null;
    delivered_at: string | null;
  }>;
  commemoration_names: {
    names: Array<{ name: string; state: string }>;
    on_certificate: boolean;
    updated_at: string | null;
  } | null;
}

/**
 * The donor's plots as the copy shows them: those she holds now (`plotsHeldBy`: bought or
 * reserved, a lapsed hold or reservation is not hers), in map order, with a reservation's deadline.
 */
export function exportedPlots(
  cells: readonly CellWithId[],
  uid: string,
  now: number,
): AccountDataExport['plots'] {
  return plotsHeldBy(cells, uid, now).map((cell) => ({
    plot: cell.id,
    status: cell.status,
    reserved_until: cell.reserved_until ? new Date(cell.reserved_until).toISOString() : null,
  }));
}

/** Her ledger rows as gifts (positive) and refunds or voids (negative), each in the given order. */
export function giftsAndRefunds(rows: readonly ExportedLedgerRow[]) {
  return {
    gifts: rows.filter((row) => row.amount_cents > 0),
    refunds: rows.filter((row) => row.amount_cents < 0),
  };
}

/** The files' names (before the day and the extension), in the reader's language. */
const MY_DATA_FILE_NAMES: Readonly<Record<Language, string>> = {
  es: 'mis-datos',
  en: 'my-data',
  ro: 'datele-mele',
};

export const myDataFileName = (language: Language): string => MY_DATA_FILE_NAMES[language];
