import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { donationEntry, refundEntry, voidEntry, type LedgerEntry } from './ledger';
import { monthClose, monthDays, nextMonthOf, validateMonthCloseQuery } from './month-close';

const AT = Date.UTC(2026, 10, 15, 10);
const gift = (
  method: 'card' | 'cash' | 'transfer',
  kind: 'buy' | 'reserve' | 'complete',
  cents: number,
  plots: string[],
) =>
  donationEntry({
    method,
    kind,
    donor: { uid: null, email: 'ana@example.test', name: 'Ana' },
    plots,
    amountCents: cents,
    at: AT,
    recordedBy: method === 'card' ? null : 'staff-1',
  });

describe("the month's close", () => {
  it('sums each way of paying apart: given, refunded, voided, and what is left', () => {
    const card = gift('card', 'buy', 50_000, ['K3', 'K4']);
    const cash = gift('cash', 'reserve', 5_000, ['K5']);
    const transfer = gift('transfer', 'complete', 20_000, ['K6']);
    const close = monthClose({
      month: '2026-11',
      rows: [
        card,
        refundEntry(card, 'cs_1', 25_000, AT),
        cash,
        voidEntry(cash, 'c1', AT, 'staff-1'),
        transfer,
      ],
      reservations: [
        // Last day 11 December (ends at the close of the day), and 31 December; 1 January not.
        { plots: ['A1', 'A2'], reservedUntil: Date.UTC(2026, 11, 11, 23) },
        { plots: ['A3'], reservedUntil: Date.UTC(2026, 11, 31, 23) },
        { plots: ['A4'], reservedUntil: Date.UTC(2027, 0, 1, 12) },
        { plots: ['A5'], reservedUntil: Date.UTC(2026, 10, 30, 12) },
      ],
      refundsOwed: [{ amountCents: 5_000 }],
    });
    expect(close.byMethod.card).toEqual({
      given_cents: 50_000,
      refunded_cents: 25_000,
      voided_cents: 0,
      kept_cents: 25_000,
    });
    expect(close.byMethod.cash).toEqual({
      given_cents: 5_000,
      refunded_cents: 0,
      voided_cents: 5_000,
      kept_cents: 0,
    });
    expect(close.total).toEqual({
      given_cents: 75_000,
      refunded_cents: 25_000,
      voided_cents: 5_000,
      kept_cents: 45_000,
    });
    expect(close.plots).toEqual({ bought: 2, reserved: 1, completed: 1, undone: 3 });
    expect(close.dueNextMonth).toEqual({
      month: '2026-12',
      reservations: 2,
      plots: 3,
      balance_cents: 60_000,
    });
    expect(close.refundsOwed).toEqual({ count: 1, cents: 5_000 });
  });

  it('keeps, for any rows, the total as the sum of the ways of paying and of the rows (property)', () => {
    const row = fc
      .record({
        method: fc.constantFrom('card' as const, 'cash' as const, 'transfer' as const),
        kind: fc.constantFrom('buy' as const, 'reserve' as const, 'complete' as const),
        cents: fc.integer({ min: 1, max: 1_000_000 }),
        undo: fc.constantFrom('none', 'refund', 'void'),
      })
      .map(({ method, kind, cents, undo }): LedgerEntry[] => {
        const entry = gift(method, kind, cents, ['K3']);
        if (undo === 'refund') return [entry, refundEntry(entry, 'x', cents, AT)];
        if (undo === 'void') return [entry, voidEntry(entry, 'x', AT, 'staff-1')];
        return [entry];
      });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (groups) => {
        const rows = groups.flat();
        const close = monthClose({ month: '2026-11', rows, reservations: [], refundsOwed: [] });
        const net = rows.reduce((sum, entry) => sum + entry.amount_cents, 0);
        expect(close.total.kept_cents).toBe(net);
        const { given_cents, refunded_cents, voided_cents, kept_cents } = close.total;
        expect(given_cents - refunded_cents - voided_cents).toBe(kept_cents);
        for (const field of ['given_cents', 'refunded_cents', 'voided_cents'] as const) {
          const sum = Object.values(close.byMethod).reduce((total, m) => total + m[field], 0);
          expect(sum).toBe(close.total[field]);
        }
      }),
    );
  });

  it('reads the month asked, its days and the next month', () => {
    expect(validateMonthCloseQuery({ month: '2026-11', lang: 'ro' })).toEqual({
      ok: true,
      value: { month: '2026-11', lang: 'ro' },
    });
    expect(validateMonthCloseQuery({ month: '2026-11' })).toMatchObject({ value: { lang: 'es' } });
    for (const month of ['2026-13', '2026-1', 'noviembre', '1999-01', undefined]) {
      expect(validateMonthCloseQuery({ month }).ok).toBe(false);
    }
    expect(validateMonthCloseQuery({ month: '2026-11', lang: 'klingon' }).ok).toBe(false);
    expect(nextMonthOf('2026-12')).toBe('2027-01');
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});
