import { describe, expect, it } from 'vitest';
import type { CellWithId } from './cell-document';
import {
  balancesDue,
  donationHistoryLines,
  donationReceipt,
  donationStatement,
  receiptFileName,
  statementYears,
  validateReceiptQuery,
  validateStatementQuery,
} from './donation-history';
import { donationEntry, refundEntry, voidEntry, type LedgerRow } from './ledger';
import { parsePlotCode } from './plot-code';

const DAY = 24 * 60 * 60 * 1000;
const UID = 'ana';

function gift(
  id: string,
  at: number,
  amountCents: number,
  plots: string[],
  method: 'card' | 'cash' | 'transfer' = 'card',
  kind: 'buy' | 'reserve' | 'complete' = 'buy',
): LedgerRow {
  const entry = donationEntry({
    method,
    kind,
    donor: { uid: UID, email: 'ana@example.com', name: 'Ana' },
    plots,
    amountCents,
    at,
    recordedBy: method === 'card' ? null : 'staff',
  });
  return { ...entry, id };
}

const refund = (of: LedgerRow, cents: number, at: number): LedgerRow => ({
  ...refundEntry(of, of.id, cents, at),
  id: `refund-${of.id}-${cents}`,
});

const JAN_2026 = Date.UTC(2026, 0, 10, 12);
const card = gift('cs_1', JAN_2026, 50_000, ['K3', 'K4']);
const cash = gift('cash1', JAN_2026 + DAY, 25_000, ['B2'], 'cash');
const deposit = gift('cs_2', JAN_2026 + 2 * DAY, 5_000, ['C5'], 'card', 'reserve');
const partRefund = refund(card, 10_000, JAN_2026 + 3 * DAY);
const cashVoid: LedgerRow = {
  ...voidEntry(cash, cash.id, JAN_2026 + 4 * DAY, 'staff'),
  id: 'void-cash1',
};

describe('donationHistoryLines', () => {
  it('says what became of each gift, newest first, refunds and voids as rows of their own', () => {
    const lines = donationHistoryLines([card, cash, deposit, partRefund, cashVoid]);
    expect(lines.map((line) => [line.id, line.state, line.undone_cents])).toEqual([
      ['void-cash1', 'void', 0],
      [partRefund.id, 'refund', 0],
      ['cs_2', 'kept', 0],
      ['cash1', 'voided', 25_000],
      ['cs_1', 'refunded-in-part', 10_000],
    ]);
    expect(lines[1]).toMatchObject({
      amount_cents: -10_000,
      refund_of: 'cs_1',
      plots: ['K3', 'K4'],
    });
  });

  it('says a gift given back in full is refunded', () => {
    const rest = refund(card, 40_000, JAN_2026 + 5 * DAY);
    const [, , gave] = donationHistoryLines([card, partRefund, rest]);
    expect(gave).toMatchObject({ id: 'cs_1', state: 'refunded', undone_cents: 50_000 });
  });
});

describe('balancesDue', () => {
  const cell = (id: string, fields: Partial<CellWithId>): CellWithId => ({
    id,
    ...parsePlotCode(id),
    status: 'reserved',
    user: UID,
    donor_display: 'Ana',
    hold: null,
    reserved_until: null,
    ...fields,
  });
  const now = JAN_2026;

  it('owes 200 € per reserved plot, earliest deadline first; bought, lapsed and others are not owed', () => {
    const due = balancesDue(
      [
        cell('C6', { reserved_until: now + 20 * DAY }),
        cell('C5', { reserved_until: now + 10 * DAY }),
        cell('C7', { reserved_until: now - 1 }),
        cell('C8', { status: 'bought', reserved_until: null }),
        cell('C9', { user: 'someone-else', reserved_until: now + 5 * DAY }),
        // Paying the rest right now: still owed until the payment arrives.
        cell('D1', {
          status: 'held',
          hold: { session_id: 'cs_x', kind: 'complete', expires_at: now + 60_000 },
          reserved_until: now + 15 * DAY,
        }),
      ],
      UID,
      now,
    );
    expect(due).toEqual([
      { plot: 'C5', balance_cents: 20_000, reserved_until: now + 10 * DAY },
      { plot: 'D1', balance_cents: 20_000, reserved_until: now + 15 * DAY },
      { plot: 'C6', balance_cents: 20_000, reserved_until: now + 20 * DAY },
    ]);
  });
});

describe('donationStatement', () => {
  it("lists a year's rows oldest first, and refunds and voids net out", () => {
    const nextYear = gift('cs_3', Date.UTC(2027, 1, 1), 25_000, ['E1']);
    const rows = [card, cash, deposit, partRefund, cashVoid, nextYear];
    const statement = donationStatement(rows, 2026);
    expect(statement.lines.map((line) => line.id)).toEqual([
      'cs_1',
      'cash1',
      'cs_2',
      partRefund.id,
      'void-cash1',
    ]);
    expect(statement).toMatchObject({
      year: 2026,
      given_cents: 80_000,
      undone_cents: 35_000,
      net_cents: 45_000,
    });
    expect(donationStatement(rows, 2027).net_cents).toBe(25_000);
    expect(donationStatement(rows, 2025).lines).toEqual([]);
    expect(statementYears(rows)).toEqual([2027, 2026]);
  });

  it("counts a row by Spain's calendar: New Year's Eve 23:30 UTC is already next year", () => {
    const late = gift('cs_late', Date.UTC(2026, 11, 31, 23, 30), 25_000, ['F1']);
    expect(donationStatement([late], 2027).given_cents).toBe(25_000);
    expect(donationStatement([late], 2026).given_cents).toBe(0);
  });
});

describe('donationReceipt', () => {
  it("is a gift's with its refunds; a refund row or an unknown id has none", () => {
    const receipt = donationReceipt([card, cash, partRefund], 'cs_1');
    expect(receipt?.gift).toMatchObject({ id: 'cs_1', amount_cents: 50_000 });
    expect(receipt?.undone.map((line) => line.amount_cents)).toEqual([-10_000]);
    expect(donationReceipt([card, partRefund], partRefund.id)).toBeNull();
    expect(donationReceipt([card], 'someone-elses-row')).toBeNull();
  });
});

describe('the documents queries', () => {
  it('takes a row id and a language of the site', () => {
    expect(validateReceiptQuery({ id: 'cs_1', lang: 'en' })).toEqual({
      ok: true,
      value: { id: 'cs_1', lang: 'en' },
    });
    expect(validateReceiptQuery({ id: 'cs_1', lang: 'fr' })).toEqual({
      ok: false,
      error: 'El idioma debe ser es, en o ro.',
    });
    for (const id of [undefined, '', '../x', 'a'.repeat(201)]) {
      expect(validateReceiptQuery({ id, lang: 'es' })).toEqual({
        ok: false,
        error: 'No hay ningún donativo tuyo con esa referencia.',
      });
    }
  });

  it('takes a four-digit year', () => {
    expect(validateStatementQuery({ year: '2026', lang: 'ro' })).toEqual({
      ok: true,
      value: { year: 2026, lang: 'ro' },
    });
    for (const year of [undefined, '26', '20266', 'abcd', '1999', '2101', ' 2026']) {
      expect(validateStatementQuery({ year, lang: 'es' })).toMatchObject({ ok: false });
    }
  });

  it('names the files in the reader’s language', () => {
    expect(receiptFileName('ro', 'cs_test_abcdefgh12345678')).toBe('chitanta-12345678.pdf');
  });
});
