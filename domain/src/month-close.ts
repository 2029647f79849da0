/**
 * The month's close for the parish council (docs/product.md, "The month's close"): what the
 * ledger of one Spanish month says, by way of paying (given, refunded, voided, what is left), the
 * plots it bought and reserved, the reservations whose last day falls next month with the rest
 * they still owe, and the refunds owed. Figures only: nobody is named, so the page can go round
 * the council. Its rows are the accountant's export of the same month, row for row.
 */
import { certificateLanguage, type CertificateLanguage } from './certificate-language';
import { DONATION_METHODS } from './ledger-summary';
import type { DonationMethod, LedgerEntry } from './ledger';
import { spanishDateTime } from './ledger';
import { MESSAGES } from './messages';
import { RESERVATION_BALANCE_CENTS } from './money';
import { invalid, isRecord, valid, type Validation } from './validation';

/** Money of one way of paying (or all) in the month, in cents. */
export interface MoneyClose {
  /** Gifts: buys, deposits and rests paid. */
  given_cents: number;
  /** Money given back (refund rows), as a positive number. */
  refunded_cents: number;
  /** Staff registrations voided as mistakes: money that never came, as a positive number. */
  voided_cents: number;
  /** What the month leaves the parish: given less refunded and voided. */
  kept_cents: number;
}

export interface MonthClose {
  /** `YYYY-MM`. */
  month: string;
  byMethod: Record<DonationMethod, MoneyClose>;
  total: MoneyClose;
  plots: {
    /** Plots bought outright. */
    bought: number;
    /** Plots reserved with a deposit. */
    reserved: number;
    /** Reserved plots whose rest was paid. */
    completed: number;
    /** Plots on the month's refunds and voids. */
    undone: number;
  };
  /** Reservations whose last day falls in the next month, and the rest they still owe. */
  dueNextMonth: { month: string; reservations: number; plots: number; balance_cents: number };
  /** Money the site owes back and Stripe has not yet taken (as of printing). */
  refundsOwed: { count: number; cents: number };
}

export interface MonthCloseFacts {
  month: string;
  /** The month's ledger rows (`month` field). */
  rows: readonly LedgerEntry[];
  /** Every open reservation: its plots and deadline (epoch ms). */
  reservations: ReadonlyArray<{ plots: readonly string[]; reservedUntil: number }>;
  refundsOwed: ReadonlyArray<{ amountCents: number }>;
}

const noMoney = (): MoneyClose => ({
  given_cents: 0,
  refunded_cents: 0,
  voided_cents: 0,
  kept_cents: 0,
});

function add(into: MoneyClose, row: LedgerEntry) {
  if (row.kind === 'refund') into.refunded_cents -= row.amount_cents;
  else if (row.kind === 'void') into.voided_cents -= row.amount_cents;
  else into.given_cents += row.amount_cents;
  into.kept_cents += row.amount_cents;
}

/** `2026-12` after `2026-11`, `2027-01` after `2026-12`. */
export function nextMonthOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

export function monthClose(facts: MonthCloseFacts): MonthClose {
  const byMethod = Object.fromEntries(
    DONATION_METHODS.map((method) => [method, noMoney()]),
  ) as Record<DonationMethod, MoneyClose>;
  const total = noMoney();
  const plots = { bought: 0, reserved: 0, completed: 0, undone: 0 };
  for (const row of facts.rows) {
    add(byMethod[row.method], row);
    add(total, row);
    const count = row.cells.length;
    if (row.kind === 'buy') plots.bought += count;
    else if (row.kind === 'reserve') plots.reserved += count;
    else if (row.kind === 'complete') plots.completed += count;
    else plots.undone += count;
  }
  const next = nextMonthOf(facts.month);
  // A deadline's last day is the day just before it ends (an extension ends at a day's close).
  const due = facts.reservations.filter(
    ({ reservedUntil }) => spanishDateTime(reservedUntil - 1).slice(0, 7) === next,
  );
  const duePlots = due.reduce((sum, reservation) => sum + reservation.plots.length, 0);
  return {
    month: facts.month,
    byMethod,
    total,
    plots,
    dueNextMonth: {
      month: next,
      reservations: due.length,
      plots: duePlots,
      balance_cents: duePlots * RESERVATION_BALANCE_CENTS,
    },
    refundsOwed: {
      count: facts.refundsOwed.length,
      cents: facts.refundsOwed.reduce((sum, owed) => sum + owed.amountCents, 0),
    },
  };
}

/** The first and last Spanish days of a month, as the export's `from` and `to` take them. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export interface MonthCloseQuery {
  month: string;
  /** The page's language: Spanish or Romanian, as the certificates (English reads Spanish). */
  lang: CertificateLanguage;
}

/** `?month=YYYY-MM&lang=es|ro`: the month to close (2020 to 2100) and the page's language. */
export function validateMonthCloseQuery(query: unknown): Validation<MonthCloseQuery> {
  const fields = isRecord(query) ? query : {};
  const month = typeof fields.month === 'string' ? fields.month : '';
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const number = Number(match?.[2]);
  if (!match || year < 2020 || year > 2100 || number < 1 || number > 12) {
    return invalid(MESSAGES.closeMonthInvalid);
  }
  const lang = certificateLanguage(fields.lang ?? 'es');
  return lang.ok ? valid({ month, lang: lang.value }) : lang;
}
