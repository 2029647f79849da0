/**
 * "My donations" (issue 30, item 1): what a donor gave and got back, as their account page, a
 * gift's receipt and a year's statement show it (docs/product.md, "My donations"). The rows are
 * the donor's own ledger rows only (`donor` is their uid: their card gifts, and the staff
 * registrations of the certificates they linked, which the link gave their uid); the store reads
 * nothing else, and these functions never widen it.
 */
import type { CellWithId } from './cell-document';
import { spanishMonthOf } from './cash-limit';
import { plotsHeldBy } from './donor-plots';
import { isUndoingKind, type DonationKind, type DonationMethod, type LedgerRow } from './ledger';
import { isLanguage, MESSAGES, type Language } from './messages';
import { RESERVATION_BALANCE_CENTS } from './money';
import { donorLedgerLines } from './ledger-lines';
import { invalid, valid, type Validation } from './validation';

/**
 * Where a row stands for the donor: a gift kept whole, given back in part or whole, or voided
 * by staff as a mistake; a refund or a void is a row of its own (`refund`, `void`).
 */
export type DonationState = 'kept' | 'refunded-in-part' | 'refunded' | 'voided' | 'refund' | 'void';

export interface DonationHistoryLine {
  id: string;
  /** Epoch milliseconds. */
  created_at: number;
  method: DonationMethod;
  kind: DonationKind;
  /** Negative for a refund or a void. */
  amount_cents: number;
  plots: string[];
  /** For a refund or a void: the gift it undoes. */
  refund_of: string | null;
  /** For a gift: what the rows naming it gave back or voided (>= 0). */
  undone_cents: number;
  state: DonationState;
}

/** What a gift became, from what its refund and void rows undid. */
function stateOf(row: LedgerRow, undoneCents: number, rows: readonly LedgerRow[]): DonationState {
  if (row.kind === 'refund' || row.kind === 'void') return row.kind;
  if (undoneCents === 0) return 'kept';
  if (rows.some((other) => other.refund_of === row.id && other.kind === 'void')) return 'voided';
  return undoneCents >= row.amount_cents ? 'refunded' : 'refunded-in-part';
}

/** The donor's rows, newest first, each with what became of it. */
export function donationHistoryLines(rows: readonly LedgerRow[]): DonationHistoryLine[] {
  return donorLedgerLines(rows).map(({ row, undoneCents }) => ({
    id: row.id,
    created_at: row.created_at,
    method: row.method,
    kind: row.kind,
    amount_cents: row.amount_cents,
    plots: [...row.cells],
    refund_of: row.refund_of,
    // `refundedOf` sums negatives: a gift with none is -0, which JSON and tests tell from 0.
    undone_cents: undoneCents || 0,
    state: stateOf(row, undoneCents, rows),
  }));
}

/** A plot the donor reserved and has still to pay the rest of, by its deadline. */
export interface BalanceDue {
  plot: string;
  balance_cents: number;
  /** Epoch milliseconds; null for a reservation with no recorded deadline. */
  reserved_until: number | null;
}

/**
 * What is left to pay on the donor's reservations at `now`: the balance of each plot they hold
 * reserved (a completion payment under way still leaves it owed until it is paid), earliest
 * deadline first.
 */
export function balancesDue(cells: readonly CellWithId[], uid: string, now: number): BalanceDue[] {
  const held = cells.map((cell) =>
    cell.status === 'held' && cell.hold?.kind === 'complete' && cell.user === uid
      ? { ...cell, status: 'reserved' as const }
      : cell,
  );
  return plotsHeldBy(held, uid, now)
    .filter((cell) => cell.status === 'reserved')
    .map((cell) => ({
      plot: cell.id,
      balance_cents: RESERVATION_BALANCE_CENTS,
      reserved_until: cell.reserved_until,
    }))
    .sort(
      (a, b) =>
        (a.reserved_until ?? Infinity) - (b.reserved_until ?? Infinity) ||
        a.plot.localeCompare(b.plot),
    );
}

/** The calendar year of an instant in Spain (the parish's books). */
export const spanishYearOf = (epochMillis: number) =>
  Number(spanishMonthOf(epochMillis).slice(0, 4));

/** The years the donor has rows in, newest first: the statements there are to download. */
export function statementYears(rows: readonly LedgerRow[]): number[] {
  return [...new Set(rows.map((row) => spanishYearOf(row.created_at)))].sort((a, b) => b - a);
}

export interface DonationStatement {
  year: number;
  /** The year's rows, oldest first: gifts, and refunds and voids as rows of their own. */
  lines: DonationHistoryLine[];
  /** What the year's gifts came to. */
  given_cents: number;
  /** What the year's refund and void rows took back (> 0, or 0). */
  undone_cents: number;
  /** Given less undone: what the parish kept of the year's rows. */
  net_cents: number;
}

/**
 * A year's statement: every row dated in that year in Spain, each as it stands now; a refund
 * dated in the next year counts in that year's statement, as in the parish's books.
 */
export function donationStatement(rows: readonly LedgerRow[], year: number): DonationStatement {
  const lines = donationHistoryLines(rows)
    .filter((line) => spanishYearOf(line.created_at) === year)
    .reverse();
  const given = lines
    .filter((line) => !isUndoingKind(line.kind))
    .reduce((sum, line) => sum + line.amount_cents, 0);
  const undone = lines
    .filter((line) => isUndoingKind(line.kind))
    .reduce((sum, line) => sum - line.amount_cents, 0);
  return { year, lines, given_cents: given, undone_cents: undone, net_cents: given - undone };
}

export interface DonationReceipt {
  gift: DonationHistoryLine;
  /** The refund and void rows naming the gift, oldest first. */
  undone: DonationHistoryLine[];
}

/**
 * A gift's receipt, with what was later given back; null when `id` is none of the donor's gifts
 * (another donor's row, a refund row, or nothing): the caller answers 404 to all alike.
 */
export function donationReceipt(rows: readonly LedgerRow[], id: string): DonationReceipt | null {
  const lines = donationHistoryLines(rows);
  const gift = lines.find((line) => line.id === id && !isUndoingKind(line.kind));
  if (!gift) return null;
  return { gift, undone: lines.filter((line) => line.refund_of === id).reverse() };
}

/** The languages a receipt and a statement are written in: all three of the site's. */
export type DonationDocumentLanguage = Language;

/** The earliest year a statement can be asked for: the campaign's ledger starts after it. */
const FIRST_STATEMENT_YEAR = 2000;
const LAST_STATEMENT_YEAR = 2100;
/** A ledger row's id: a Checkout Session id, a Firestore id or `refund-<id>-<cents>`. */
const ROW_ID = /^[A-Za-z0-9_-]{1,200}$/;

const fieldOf = (input: unknown, name: string): unknown =>
  typeof input === 'object' && input !== null
    ? (input as Record<string, unknown>)[name]
    : undefined;

function documentLanguage(input: unknown): Validation<DonationDocumentLanguage> {
  const lang = fieldOf(input, 'lang');
  return isLanguage(lang) ? valid(lang) : invalid(MESSAGES.languageUnknown);
}

/** A document's query with only its language: `?lang=` (es, en or ro). */
export function validateDocumentLanguageQuery(input: unknown): Validation<{ lang: Language }> {
  const lang = documentLanguage(input);
  return lang.ok ? valid({ lang: lang.value }) : lang;
}

/** `GET /api/users/donations/receipt/?id=&lang=`. */
export function validateReceiptQuery(
  input: unknown,
): Validation<{ id: string; lang: DonationDocumentLanguage }> {
  const id = fieldOf(input, 'id');
  // A malformed id is no row of the donor's: the same answer as another donor's row.
  if (typeof id !== 'string' || !ROW_ID.test(id)) return invalid(MESSAGES.ownDonationUnknown);
  const lang = documentLanguage(input);
  return lang.ok ? valid({ id, lang: lang.value }) : lang;
}

/** `GET /api/users/donations/statement/?year=&lang=`. */
export function validateStatementQuery(
  input: unknown,
): Validation<{ year: number; lang: DonationDocumentLanguage }> {
  const year = fieldOf(input, 'year');
  const number = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  if (!(number >= FIRST_STATEMENT_YEAR && number <= LAST_STATEMENT_YEAR)) {
    return invalid(MESSAGES.statementYearInvalid);
  }
  const lang = documentLanguage(input);
  return lang.ok ? valid({ year: number, lang: lang.value }) : lang;
}

/** The files' names, in the reader's interface language. */
const RECEIPT_FILE_NAMES: Readonly<Record<Language, string>> = {
  es: 'recibo',
  en: 'receipt',
  ro: 'chitanta',
};
const STATEMENT_FILE_NAMES: Readonly<Record<Language, string>> = {
  es: 'resumen-donativos',
  en: 'donations-statement',
  ro: 'situatie-donatii',
};

export const receiptFileName = (language: Language, id: string) =>
  `${RECEIPT_FILE_NAMES[language]}-${id.slice(-8)}.pdf`;
export const statementFileName = (language: Language, year: number) =>
  `${STATEMENT_FILE_NAMES[language]}-${year}.pdf`;
