import { describe, expect, it } from 'vitest';
import { donationEntry, refundEntry, voidEntry, type LedgerEntry } from './ledger';
import {
  panelFigures,
  readLedgerSummary,
  recountSummary,
  sameSummary,
  summaryIncrements,
  withIncrements,
} from './ledger-summary';

const NOV = Date.UTC(2026, 10, 20, 12);
const DEC = Date.UTC(2026, 11, 2, 12);
const LAST_YEAR = Date.UTC(2025, 5, 1, 12);
const donor = { uid: 'ana', email: 'ana@example.com', name: 'Ana' };

const card = donationEntry({
  method: 'card',
  kind: 'reserve',
  donor,
  plots: ['A1'],
  amountCents: 5_000,
  at: NOV,
  recordedBy: null,
});
const cash = donationEntry({
  method: 'cash',
  kind: 'buy',
  donor,
  plots: ['A2'],
  amountCents: 25_000,
  at: LAST_YEAR,
  recordedBy: 'staff',
});
const transfer = donationEntry({
  method: 'transfer',
  kind: 'buy',
  donor,
  plots: ['A3'],
  amountCents: 25_000,
  at: DEC,
  recordedBy: 'staff',
});
// The deposit refunded in December; the transfer voided in December.
const rows: LedgerEntry[] = [
  card,
  cash,
  transfer,
  refundEntry(card, 'cs_1', 5_000, DEC),
  voidEntry(transfer, 't1', DEC, 'staff'),
];

describe('the ledger summary', () => {
  it('moved row by row, says what a recount says', () => {
    let kept = {};
    for (const row of rows) kept = withIncrements(kept, summaryIncrements([row]));
    expect(sameSummary(kept, recountSummary(rows))).toBe(true);
    expect(sameSummary(kept, recountSummary(rows.slice(1)))).toBe(false);
  });

  it('gives the panel this month, this year and all time, by way of paying', () => {
    const figures = panelFigures(recountSummary(rows), '2026-12');
    expect(figures.month.card).toEqual({
      given_cents: 0,
      refunded_cents: 5_000,
      voided_cents: 0,
      kept_cents: -5_000,
    });
    // The voided transfer never came in: not given, said apart, nothing kept.
    expect(figures.month.transfer).toEqual({
      given_cents: 0,
      refunded_cents: 0,
      voided_cents: 25_000,
      kept_cents: 0,
    });
    expect(figures.year.total).toEqual({
      given_cents: 5_000,
      refunded_cents: 5_000,
      voided_cents: 25_000,
      kept_cents: 0,
    });
    expect(figures.all.total).toEqual({
      given_cents: 30_000,
      refunded_cents: 5_000,
      voided_cents: 25_000,
      kept_cents: 25_000,
    });
    expect(figures.all.cash.kept_cents).toBe(25_000);
  });

  it('reads back what was stored, leaving out what is not a month of totals', () => {
    const stored = {
      '2026-11': { card: { given_cents: 5_000, refunded_cents: 0 }, cheque: { given_cents: 1 } },
      nonsense: { card: { given_cents: 1, refunded_cents: 0 } },
      '2026-12': { cash: { given_cents: 'x', refunded_cents: 300, voided_cents: 300 } },
    };
    // A month written before voids were kept apart reads none.
    expect(readLedgerSummary(stored)).toEqual({
      '2026-11': { card: { given_cents: 5_000, refunded_cents: 0, voided_cents: 0 } },
      '2026-12': { cash: { given_cents: 0, refunded_cents: 300, voided_cents: 300 } },
    });
    expect(readLedgerSummary(null)).toEqual({});
  });
});
