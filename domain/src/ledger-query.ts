/**
 * Finding rows of the ledger (docs/api.md, `GET /api/staff/donations/`): the staff list and its
 * CSV take the same filters: Spanish days, the way of paying, the kind, and one search (words of a
 * name or their first letters, an e-mail, a personal or certificate code, a plot). A row keeps the
 * words it can be found by in `search`, written with it, so a one-word search is one equality on
 * an indexed list; a search of more words reads the rows of its longest word and keeps those with
 * every other word too.
 */
import type { DonationKind, DonationMethod, LedgerEntry, LedgerRange } from './ledger';
import { validateLedgerRange } from './ledger';
import { NAME_PREFIX_MAX, nameSearchPrefixes, nameWords } from './donor-search';
import { MESSAGES } from './messages';
import { isPersonalCode, normalizeCode } from './personal-code';
import { CONTROL_CHARACTERS, invalid, isRecord, valid, type Validation } from './validation';

export const LEDGER_PAGE_SIZE = 50;
export const LEDGER_SEARCH_MAX_LENGTH = 100;

const METHODS: readonly DonationMethod[] = ['card', 'cash', 'transfer'];
const KINDS: readonly DonationKind[] = ['buy', 'reserve', 'complete', 'refund', 'void'];

/**
 * What a person types, made comparable with what rows keep: lower case, accents and spaces at
 * the ends gone, inner spaces single (`García  ` → `garcia`).
 */
export function searchWord(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * The words a row is found by: its e-mail, the first letters of each word of its donor's name
 * (`nameSearchPrefixes`: `ș`, `st`, `ste`, ... `stefan`, case and accents aside), its plots and
 * the certificate it was registered with.
 */
export function ledgerSearchWords(entry: LedgerEntry, certificateCode?: string): string[] {
  const words = [
    entry.donor_email,
    ...nameSearchPrefixes(entry.donor_name),
    ...entry.cells.map((plot) => searchWord(plot)),
    ...(certificateCode ? [searchWord(certificateCode)] : []),
  ].filter((word) => word !== '');
  return [...new Set(words)];
}

/**
 * What staff typed, as the words a row must keep to be found: an e-mail whole; anything else word
 * by word (letters and digits, case and accents aside), each cut as names are stored. The longest
 * first: it is the one the query asks for.
 */
export function ledgerSearchTerms(typed: string): string[] {
  const whole = searchWord(typed);
  const terms = whole.includes('@')
    ? [whole]
    : nameWords(typed).map((word) => [...word].slice(0, NAME_PREFIX_MAX).join(''));
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

/** A row's `search` words hold every term typed. */
export function ledgerRowFound(rowWords: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => rowWords.includes(term));
}

/** A validated filter of the ledger. */
export interface LedgerFilter {
  range: LedgerRange;
  method: DonationMethod | null;
  kind: DonationKind | null;
  /** The words a row's `search` must all hold (`ledgerSearchTerms`), longest first; null: none. */
  search: string[] | null;
  /** What was typed, when it has the shape of a personal code (capitals, no spaces). */
  personalCode: string | null;
}

/** Where the next page starts: after this row of the newest-first order. */
export interface LedgerCursor {
  created_at: number;
  id: string;
}

export interface LedgerListQuery {
  filter: LedgerFilter;
  cursor: LedgerCursor | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null | false {
  if (value === null) return null;
  return (allowed as readonly string[]).includes(value) ? (value as T) : false;
}

/** `?from&to&method&kind&q`, each optional (an empty value counts as absent). */
export function validateLedgerFilter(query: unknown): Validation<LedgerFilter> {
  const fields = isRecord(query) ? query : {};
  const range = validateLedgerRange(text(fields.from), text(fields.to));
  if (!range.ok) return range;
  const method = oneOf(text(fields.method), METHODS);
  if (method === false) return invalid(MESSAGES.ledgerMethodInvalid);
  const kind = oneOf(text(fields.kind), KINDS);
  if (kind === false) return invalid(MESSAGES.ledgerKindInvalid);
  const typed = text(fields.q);
  if (
    typed !== null &&
    (typed.length > LEDGER_SEARCH_MAX_LENGTH || CONTROL_CHARACTERS.test(typed))
  ) {
    return invalid(MESSAGES.ledgerSearchInvalid(LEDGER_SEARCH_MAX_LENGTH));
  }
  const search = typed === null ? [] : ledgerSearchTerms(typed);
  const code = typed === null ? '' : normalizeCode(typed);
  return valid({
    range: range.value,
    method,
    kind,
    search: search.length === 0 ? null : search,
    personalCode: isPersonalCode(code) ? code : null,
  });
}

/** The cursor as the page hands it on: opaque to the browser, `<ms>_<id>`. */
export function encodeLedgerCursor(cursor: LedgerCursor): string {
  return `${cursor.created_at}_${cursor.id}`;
}

export function decodeLedgerCursor(value: string): LedgerCursor | null {
  const match = /^(\d{1,15})_([A-Za-z0-9_-]{1,200})$/.exec(value);
  return match ? { created_at: Number(match[1]), id: match[2]! } : null;
}

/** The filter and, when given, where the page starts. */
export function validateLedgerListQuery(query: unknown): Validation<LedgerListQuery> {
  const filter = validateLedgerFilter(query);
  if (!filter.ok) return filter;
  const typed = isRecord(query) ? text(query.cursor) : null;
  if (typed === null) return valid({ filter: filter.value, cursor: null });
  const cursor = decodeLedgerCursor(typed);
  return cursor ? valid({ filter: filter.value, cursor }) : invalid(MESSAGES.ledgerCursorInvalid);
}

/** Money in and out of the rows a filter finds. */
export interface LedgerTotals {
  rows: number;
  given_cents: number;
  refunded_cents: number;
  net_cents: number;
}

/** A row as the staff list shows it (`LedgerRowView` of docs/api.md), instants as ISO text. */
export interface LedgerListRow {
  id: string;
  created_at: string;
  donor: { uid: string | null; name: string; email: string };
  method: DonationMethod;
  kind: DonationKind;
  amount_cents: number;
  plots: string[];
  certificate_code: string | null;
  recorded_by: string | null;
  undoes: RelatedLedgerRow | null;
  undone_by: RelatedLedgerRow[];
}

export interface RelatedLedgerRow {
  id: string;
  kind: DonationKind;
  amount_cents: number;
  created_at: string;
}

type StoredRow = LedgerEntry & { id: string };

const related = (row: StoredRow): RelatedLedgerRow => ({
  id: row.id,
  kind: row.kind,
  amount_cents: row.amount_cents,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The list's rows with what ties them together: each refund or void names its gift, each gift
 * lists what undid it (`others`: the rows read for that, on the page or not).
 */
export function ledgerListRows(
  page: readonly (StoredRow & { certificate_code?: string | null })[],
  others: readonly StoredRow[],
): LedgerListRow[] {
  const byId = new Map([...others, ...page].map((row) => [row.id, row]));
  const undoing = [...byId.values()]
    .filter((row) => row.refund_of !== null)
    .sort((a, b) => a.created_at - b.created_at);
  return page.map((row) => {
    const original = row.refund_of === null ? undefined : byId.get(row.refund_of);
    return {
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      donor: { uid: row.donor, name: row.donor_name, email: row.donor_email },
      method: row.method,
      kind: row.kind,
      amount_cents: row.amount_cents,
      plots: [...row.cells],
      certificate_code: row.certificate_code ?? null,
      recorded_by: row.recorded_by,
      undoes: original ? related(original) : null,
      undone_by: undoing.filter((other) => other.refund_of === row.id).map(related),
    };
  });
}
