/**
 * The ledger's running totals (docs/data-model.md, `campaign/ledger`): money given and money
 * undone (refunded or voided) per Spanish month and way of paying, moved with increments by the
 * same transaction that writes each ledger row, so the staff panel reads one document however
 * long the ledger grows, and its figures are the ledger's sums exactly.
 */
import type { DonationMethod, LedgerEntry } from './ledger';

export const DONATION_METHODS: readonly DonationMethod[] = ['card', 'cash', 'transfer'];

/** Cents in and out of one way of paying. */
export interface MethodTotals {
  /** Gifts: the sum of the positive rows. */
  given_cents: number;
  /** Refunds and voids: the sum of the negative rows, as a positive number. */
  refunded_cents: number;
  /**
   * Of those, the voids: staff registrations undone as mistakes, money that never came in
   * (absent in months written before it was kept: read as 0).
   */
  voided_cents: number;
}

/** `YYYY-MM` → way of paying → totals; a month or a method without rows is absent. */
export type LedgerSummary = Record<string, Partial<Record<DonationMethod, MethodTotals>>>;

/** How far one transaction's rows move one month's totals of one way of paying. */
export interface SummaryIncrement extends MethodTotals {
  month: string;
  method: DonationMethod;
}

/** The increments of a transaction's new rows, one per month and way of paying. */
export function summaryIncrements(rows: readonly LedgerEntry[]): SummaryIncrement[] {
  const byKey = new Map<string, SummaryIncrement>();
  for (const row of rows) {
    const key = `${row.month} ${row.method}`;
    const increment = byKey.get(key) ?? {
      month: row.month,
      method: row.method,
      given_cents: 0,
      refunded_cents: 0,
      voided_cents: 0,
    };
    if (row.amount_cents > 0) increment.given_cents += row.amount_cents;
    else increment.refunded_cents -= row.amount_cents;
    if (row.kind === 'void') increment.voided_cents -= row.amount_cents;
    byKey.set(key, increment);
  }
  return [...byKey.values()];
}

/** `summary` moved by `increments` (a new object). */
export function withIncrements(
  summary: LedgerSummary,
  increments: readonly SummaryIncrement[],
): LedgerSummary {
  const next: LedgerSummary = Object.fromEntries(
    Object.entries(summary).map(([month, methods]) => [
      month,
      Object.fromEntries(
        Object.entries(methods).map(([method, totals]) => [method, { ...totals }]),
      ),
    ]),
  );
  for (const { month, method, given_cents, refunded_cents, voided_cents } of increments) {
    const months = (next[month] ??= {});
    const totals = (months[method] ??= { given_cents: 0, refunded_cents: 0, voided_cents: 0 });
    totals.given_cents += given_cents;
    totals.refunded_cents += refunded_cents;
    totals.voided_cents += voided_cents;
  }
  return next;
}

/** The summary of a whole ledger: what a recount finds. */
export function recountSummary(rows: readonly LedgerEntry[]): LedgerSummary {
  return withIncrements({}, summaryIncrements(rows));
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored `months` map read back; what is not a month of totals is left out. */
export function readLedgerSummary(months: unknown): LedgerSummary {
  const summary: LedgerSummary = {};
  if (!isRecord(months)) return summary;
  for (const [month, methods] of Object.entries(months)) {
    if (!/^\d{4}-\d{2}$/.test(month) || !isRecord(methods)) continue;
    for (const method of DONATION_METHODS) {
      const totals = methods[method];
      if (!isRecord(totals)) continue;
      const given = isCount(totals.given_cents) ? totals.given_cents : 0;
      const refunded = isCount(totals.refunded_cents) ? totals.refunded_cents : 0;
      const voided = isCount(totals.voided_cents) ? totals.voided_cents : 0;
      if (given === 0 && refunded === 0) continue;
      (summary[month] ??= {})[method] = {
        given_cents: given,
        refunded_cents: refunded,
        voided_cents: voided,
      };
    }
  }
  return summary;
}

/** Two summaries say the same (months or methods at zero count as absent). */
export function sameSummary(a: LedgerSummary, b: LedgerSummary): boolean {
  const months = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const month of months) {
    for (const method of DONATION_METHODS) {
      const none = { given_cents: 0, refunded_cents: 0, voided_cents: 0 };
      const x = a[month]?.[method] ?? none;
      const y = b[month]?.[method] ?? none;
      if (
        x.given_cents !== y.given_cents ||
        x.refunded_cents !== y.refunded_cents ||
        x.voided_cents !== y.voided_cents
      ) {
        return false;
      }
    }
  }
  return true;
}

/**
 * What the panel says, in cents: given (what came in: the gifts, less the registrations voided
 * as mistakes, which never did), refunded (money given back), voided (said apart) and kept.
 */
export interface MoneyFigures {
  given_cents: number;
  refunded_cents: number;
  voided_cents: number;
  kept_cents: number;
}

export type PeriodFigures = Record<DonationMethod | 'total', MoneyFigures>;

/** The panel's figures: this Spanish month, this year and all time. */
export interface PanelFigures {
  month: PeriodFigures;
  year: PeriodFigures;
  all: PeriodFigures;
}

function emptyPeriod(): PeriodFigures {
  const zero = (): MoneyFigures => ({
    given_cents: 0,
    refunded_cents: 0,
    voided_cents: 0,
    kept_cents: 0,
  });
  return { card: zero(), cash: zero(), transfer: zero(), total: zero() };
}

function addTo(figures: MoneyFigures, totals: MethodTotals): void {
  figures.given_cents += totals.given_cents - totals.voided_cents;
  figures.refunded_cents += totals.refunded_cents - totals.voided_cents;
  figures.voided_cents += totals.voided_cents;
  figures.kept_cents += totals.given_cents - totals.refunded_cents;
}

/** The figures of `summary` for the month `thisMonth` (`YYYY-MM`), its year and all time. */
export function panelFigures(summary: LedgerSummary, thisMonth: string): PanelFigures {
  const figures = { month: emptyPeriod(), year: emptyPeriod(), all: emptyPeriod() };
  const thisYear = thisMonth.slice(0, 4);
  for (const [month, methods] of Object.entries(summary)) {
    const periods = [
      figures.all,
      ...(month.startsWith(`${thisYear}-`) ? [figures.year] : []),
      ...(month === thisMonth ? [figures.month] : []),
    ];
    for (const method of DONATION_METHODS) {
      const totals = methods[method];
      if (!totals) continue;
      for (const period of periods) {
        addTo(period[method], totals);
        addTo(period.total, totals);
      }
    }
  }
  return figures;
}

/** The ledger's net: what the home page's progress says was raised. */
export function ledgerNetCents(rows: readonly Pick<LedgerEntry, 'amount_cents'>[]): number {
  return rows.reduce((sum, row) => sum + row.amount_cents, 0);
}
