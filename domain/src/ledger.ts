/**
 * The ledger, `donations/{id}` (docs/data-model.md): one entry per donation, whatever the way of
 * paying. Staff export it as CSV for the accounts; the cash limit sums it.
 */
import { spanishMonthOf } from './cash-limit';
import { millisOf } from './instant';
import { MESSAGES } from './messages';
import { mailboxKey } from './person-email';
import { invalid, valid, type Validation } from './validation';
import { csvFile, spreadsheetEuros, type CsvNumber } from './csv';

export type DonationMethod = 'card' | 'cash' | 'transfer';
/**
 * A gift for plots, or a row that undoes one with a negative amount: money given back
 * (`refund`), or a staff registration voided as a mistake (`void`: no money moved).
 */
export type DonationKind = 'buy' | 'reserve' | 'complete' | 'refund' | 'void';
export type GiftKind = Exclude<DonationKind, 'refund' | 'void'>;

/** A row that undoes (part of) the row named in its `refund_of`. */
export function isUndoingKind(kind: DonationKind): kind is 'refund' | 'void' {
  return kind === 'refund' || kind === 'void';
}

export interface LedgerEntry {
  /** uid of the donor; null while a physical certificate waits for its donor to sign up. */
  donor: string | null;
  donor_email: string;
  /** `mailboxKey(donor_email)`: the person the cash limit counts, whatever the spelling. */
  donor_key: string;
  donor_name: string;
  method: DonationMethod;
  kind: DonationKind;
  /** Positive for a gift, negative for a refund: the ledger's net is the plain sum. */
  amount_cents: number;
  /** Plot codes. */
  cells: string[];
  /** The Spanish calendar month of `created_at`, `YYYY-MM`: the cash limit's query key. */
  month: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** uid of the staff member who recorded it; null for card payments (the webhook). */
  recorded_by: string | null;
  /** For a refund or a void: the id of the entry it undoes; else null. */
  refund_of: string | null;
}

/** What is known of a gift when it is recorded, whatever the way of paying. */
export interface Donation {
  method: DonationMethod;
  kind: GiftKind;
  donor: { uid: string | null; email: string; name: string };
  plots: readonly string[];
  amountCents: number;
  at: number;
  /** The staff member who recorded it; null for card payments. */
  recordedBy: string | null;
}

/**
 * The one writer of ledger entries: card payments (the webhook), cash and transfers (staff)
 * all go through here, so no entry ever lacks the donor, the month or the person's key.
 */
export function donationEntry(donation: Donation): LedgerEntry {
  if (!Number.isInteger(donation.amountCents) || donation.amountCents <= 0) {
    throw new RangeError(`A donation is a whole number of cents > 0, not ${donation.amountCents}`);
  }
  const email = donation.donor.email.trim().toLowerCase();
  return {
    donor: donation.donor.uid,
    donor_email: email,
    donor_key: mailboxKey(email),
    donor_name: donation.donor.name,
    method: donation.method,
    kind: donation.kind,
    amount_cents: donation.amountCents,
    cells: [...donation.plots],
    month: spanishMonthOf(donation.at),
    created_at: donation.at,
    recorded_by: donation.recordedBy,
    refund_of: null,
  };
}

/**
 * Money given back on an entry (`originalId`): a row of its own, dated when it happened, with
 * the negative amount, so each month's accounts show what came in and what went out.
 */
export function refundEntry(
  original: LedgerEntry,
  originalId: string,
  refundedCents: number,
  at: number,
): LedgerEntry {
  if (!Number.isInteger(refundedCents) || refundedCents <= 0) {
    throw new RangeError(`A refund is a whole number of cents > 0, not ${refundedCents}`);
  }
  // The entry's own fields only: a row read back (`LedgerRow`) also carries its id, which the
  // refund names in `refund_of` and must not store as a field of its own.
  return {
    donor: original.donor,
    donor_email: original.donor_email,
    donor_key: original.donor_key,
    donor_name: original.donor_name,
    method: original.method,
    kind: 'refund',
    amount_cents: -refundedCents,
    cells: [...original.cells],
    month: spanishMonthOf(at),
    created_at: at,
    recorded_by: null,
    refund_of: originalId,
  };
}

/**
 * A staff registration undone as a mistake (the wrong code, plot or donor): a row of its own
 * with the whole amount negative, dated when staff voided it and naming who did. No money moved:
 * the gift was never what the row said.
 */
export function voidEntry(
  original: LedgerEntry,
  originalId: string,
  at: number,
  recordedBy: string,
): LedgerEntry {
  return {
    ...refundEntry(original, originalId, original.amount_cents, at),
    kind: 'void',
    recorded_by: recordedBy,
  };
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
  refund: 'reembolso',
  void: 'anulación',
};

export const LEDGER_CSV_HEADER = [
  'fecha',
  'referencia',
  'donante',
  'correo',
  'forma_de_pago',
  'tipo',
  'parcelas',
  'importe_eur',
  'certificado',
  'motivo',
  'registrado_por',
  'deshace',
];

/** An entry with its document id, as the export lists it. */
export interface LedgerRow extends LedgerEntry {
  id: string;
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

/** `22/11/2026 13:05` in Spain's time: what a spreadsheet set to Spanish reads as a date. */
export function spreadsheetDateTime(epochMillis: number): CsvNumber {
  const [date, time] = spanishDateTime(epochMillis).split(' ') as [string, string];
  return { number: `${date.split('-').reverse().join('/')} ${time}` };
}

/**
 * A row as the accountant's export lists it: the row, the certificate it was registered with,
 * why it was undone (a void's or a refund's reason) and who recorded it, by name.
 */
export interface LedgerExportRow extends LedgerRow {
  certificate_code: string | null;
  reason: string | null;
}

/** Who recorded a row, for the export: the staff member, or the site for a card payment. */
export type RecorderNames = ReadonlyMap<string, { name: string; email: string }>;

function recorderOf(entry: LedgerExportRow, staff: RecorderNames): string {
  if (entry.recorded_by === null) {
    return entry.kind === 'refund' ? 'Stripe' : 'web (tarjeta)';
  }
  const known = staff.get(entry.recorded_by);
  if (!known) return entry.recorded_by;
  return known.name && known.email ? `${known.name} <${known.email}>` : known.name || known.email;
}

/**
 * The ledger as a CSV file for a spreadsheet set to Spanish: header, one CRLF-ended row per
 * entry, in the order given. Text that people typed is neutralised; the date and the amount are
 * ours and stay a date and a number (a refund's leading `-`).
 */
export function ledgerCsv(entries: readonly LedgerExportRow[], staff: RecorderNames): string {
  return csvFile(
    LEDGER_CSV_HEADER,
    entries.map((entry) => [
      spreadsheetDateTime(entry.created_at),
      entry.id,
      entry.donor_name,
      entry.donor_email,
      METHOD_LABELS[entry.method] ?? entry.method,
      KIND_LABELS[entry.kind] ?? entry.kind,
      entry.cells.join(' '),
      spreadsheetEuros(entry.amount_cents),
      entry.certificate_code ?? '',
      entry.reason ?? '',
      recorderOf(entry, staff),
      entry.refund_of ?? '',
    ]),
  );
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

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored `donations/{id}` row read leniently (instants through `millisOf`). */
export function readLedgerRow(id: string, data: Record<string, unknown>): LedgerRow {
  const email = textOf(data.donor_email);
  return {
    id,
    donor: typeof data.donor === 'string' ? data.donor : null,
    donor_email: email,
    // Rows written before the key existed are read through the same rule.
    donor_key: textOf(data.donor_key) || mailboxKey(email),
    donor_name: textOf(data.donor_name),
    method: textOf(data.method) as LedgerEntry['method'],
    kind: textOf(data.kind) as LedgerEntry['kind'],
    amount_cents: typeof data.amount_cents === 'number' ? data.amount_cents : 0,
    cells: Array.isArray(data.cells)
      ? data.cells.filter((cell): cell is string => typeof cell === 'string')
      : [],
    month: textOf(data.month),
    created_at: millisOf(data.created_at) ?? 0,
    recorded_by: typeof data.recorded_by === 'string' ? data.recorded_by : null,
    refund_of: typeof data.refund_of === 'string' ? data.refund_of : null,
  };
}
