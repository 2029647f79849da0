/**
 * The ledger, `donations/{id}` (docs/data-model.md): one entry per donation, whatever the way of
 * paying. Staff export it as CSV for the accounts; the cash limit sums it.
 */
import { MESSAGES } from './messages';
import { invalid, valid, type Validation } from './validation';

export type DonationMethod = 'card' | 'cash' | 'transfer';
export type DonationKind = 'buy' | 'reserve' | 'complete';

export interface LedgerEntry {
  /** uid of the donor; null while a physical certificate waits for its donor to sign up. */
  donor: string | null;
  donor_email: string;
  donor_name: string;
  method: DonationMethod;
  kind: DonationKind;
  amount_cents: number;
  /** Plot codes. */
  cells: string[];
  /** The Spanish calendar month of `created_at`, `YYYY-MM`: the cash limit's query key. */
  month: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** uid of the staff member who recorded it; null for card payments (the webhook). */
  recorded_by: string | null;
}

const SPAIN_TIME_ZONE = 'Europe/Madrid';

const METHOD_LABELS: Record<DonationMethod, string> = {
  card: 'tarjeta',
  cash: 'efectivo',
  transfer: 'transferencia',
};
const KIND_LABELS: Record<DonationKind, string> = {
  buy: 'compra',
  reserve: 'reserva',
  complete: 'pago del resto',
};

export const LEDGER_CSV_HEADER = [
  'fecha',
  'donante',
  'correo',
  'forma_de_pago',
  'tipo',
  'parcelas',
  'importe_eur',
];

/**
 * A spreadsheet runs a cell starting with = + - @ (or tab / carriage return) as a formula: a
 * donor named `=HYPERLINK(...)` must stay text. A leading apostrophe is what spreadsheets read
 * as "this is text".
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `2026-11-22 13:05` in Spain's time. */
export function spanishDateTime(epochMillis: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SPAIN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMillis));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Cents as `1234.50`: machine-readable, never rounded by a locale. */
function euros(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The ledger as a CSV file: header, one CRLF-ended row per entry, in the order given. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = [
    LEDGER_CSV_HEADER,
    ...entries.map((entry) => [
      spanishDateTime(entry.created_at),
      entry.donor_name,
      entry.donor_email,
      METHOD_LABELS[entry.method] ?? entry.method,
      KIND_LABELS[entry.kind] ?? entry.kind,
      entry.cells.join(' '),
      euros(entry.amount_cents),
    ]),
  ];
  return rows
    .map((row) => row.map((value) => csvField(neutraliseFormula(value))).join(',') + '\r\n')
    .join('');
}

/** Midnight at the start of a `YYYY-MM-DD` day in Spain, in epoch milliseconds. */
export function spanishDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  const check = new Date(utcMidnight);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  // Spain changes clocks at 01:00 UTC, never around its midnight: one offset fits the day start.
  return utcMidnight - spainOffsetMillis(utcMidnight);
}

function spainOffsetMillis(epochMillis: number): number {
  const wall = spanishDateTime(epochMillis);
  const [date, time] = wall.split(' ') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm) - Math.floor(epochMillis / 60_000) * 60_000;
}

/** `[from, to)` in epoch ms for the export: whole Spanish days, both ends included. */
export interface LedgerRange {
  from: number | null;
  to: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, each optional; an empty value counts as absent. */
export function validateLedgerRange(
  from: string | null,
  to: string | null,
): Validation<LedgerRange> {
  const start = from ? spanishDayStart(from) : null;
  // The day after `to`, computed on the calendar so a clock change does not shift it.
  const end = to ? nextSpanishDayStart(to) : null;
  if ((from && start === null) || (to && end === null)) return invalid(MESSAGES.ledgerRangeInvalid);
  if (start !== null && end !== null && start >= end) return invalid(MESSAGES.ledgerRangeInvalid);
  return valid({ from: start, to: end });
}

function nextSpanishDayStart(day: string): number | null {
  if (spanishDayStart(day) === null) return null;
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return spanishDayStart(next);
}
