import { describe, expect, it } from 'vitest';
import {
  donationEntry,
  ledgerCsv,
  refundEntry,
  type LedgerRow,
  spanishDayStart,
  validateLedgerRange,
} from './ledger';

const entry: LedgerRow = {
  id: 'don-1',
  donor: 'donor-ana',
  donor_email: 'ana@parroquia.test',
  donor_key: 'ana@parroquia.test',
  donor_name: 'Ana García',
  method: 'cash',
  kind: 'buy',
  amount_cents: 50000,
  cells: ['K3', 'K4'],
  month: '2026-11',
  created_at: Date.UTC(2026, 10, 22, 12, 5),
  recorded_by: 'staff-demo',
  refund_of: null,
};

describe('ledger CSV', () => {
  it('has a header and one CRLF row per entry, in Spanish time and euros', () => {
    expect(ledgerCsv([entry])).toBe(
      'fecha,referencia,donante,correo,forma_de_pago,tipo,parcelas,importe_eur,reembolso_de\r\n' +
        '"2026-11-22 13:05","don-1","Ana García","ana@parroquia.test","efectivo","compra","K3 K4",500.00,""\r\n',
    );
  });

  it('neutralises a name a spreadsheet would run as a formula; the amount stays a number', () => {
    const csv = ledgerCsv([
      { ...entry, donor_name: '=HYPERLINK("http://x","y")', amount_cents: 5 },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"2026-11-22 13:05","don-1","'=HYPERLINK(""http://x"",""y"")","ana@parroquia.test","efectivo","compra","K3 K4",0.05,""`,
    );
  });
});

describe('ledger entries', () => {
  const paid = donationEntry({
    method: 'card',
    kind: 'reserve',
    donor: { uid: 'donor-ana', email: ' A.B+misa@GoogleMail.com ', name: 'Ana García' },
    plots: ['K3'],
    amountCents: 5000,
    at: Date.UTC(2026, 10, 30, 23, 30),
    recordedBy: null,
  });

  it('carries the donor, the Spanish month and the mailbox key, whatever the method', () => {
    expect(paid).toMatchObject({
      donor: 'donor-ana',
      donor_email: 'a.b+misa@googlemail.com',
      donor_key: 'ab@gmail.com',
      donor_name: 'Ana García',
      month: '2026-12',
      refund_of: null,
    });
  });

  it('refuses an amount that is not a positive number of cents', () => {
    for (const amountCents of [0, -5, 1.5, Number.NaN]) {
      expect(() =>
        donationEntry({
          method: 'cash',
          kind: 'buy',
          donor: { uid: null, email: 'x@y.es', name: '' },
          plots: ['K3'],
          amountCents,
          at: 0,
          recordedBy: 'staff',
        }),
      ).toThrow(RangeError);
    }
  });

  it('writes a refund as a negative row of its own month, pointing at the gift', () => {
    const refund = refundEntry(paid, 'cs_1', 5000, Date.UTC(2027, 0, 2));
    expect(refund).toMatchObject({ kind: 'refund', amount_cents: -5000, month: '2027-01' });
    expect(refund.refund_of).toBe('cs_1');
    expect(paid.amount_cents + refund.amount_cents).toBe(0);
    // Refunding a row read back with its id stores the entry's fields only (docs/data-model.md).
    const row: LedgerRow = { ...paid, id: 'cs_1' };
    const fromRow = refundEntry(row, 'cs_1', 5000, Date.UTC(2027, 0, 2));
    expect(Object.keys(fromRow).sort()).toEqual(Object.keys(paid).sort());
    const csv = ledgerCsv([{ ...refund, id: 'refund-cs_1' }]);
    expect(csv.split('\r\n')[1]).toBe(
      '"2027-01-02 01:00","refund-cs_1","Ana García","a.b+misa@googlemail.com","tarjeta","reembolso","K3",-50.00,"cs_1"',
    );
  });
});

describe('ledger date range', () => {
  it('starts days at midnight in Spain, summer and winter', () => {
    expect(spanishDayStart('2026-01-15')).toBe(Date.UTC(2026, 0, 14, 23, 0));
    expect(spanishDayStart('2026-07-15')).toBe(Date.UTC(2026, 6, 14, 22, 0));
    expect(spanishDayStart('2026-02-30')).toBeNull();
    expect(spanishDayStart('15/01/2026')).toBeNull();
  });

  it('includes both named days, and each end is optional', () => {
    expect(validateLedgerRange('2026-03-01', '2026-03-31')).toEqual({
      ok: true,
      value: { from: Date.UTC(2026, 1, 28, 23, 0), to: Date.UTC(2026, 2, 31, 22, 0) },
    });
    expect(validateLedgerRange(null, '')).toEqual({ ok: true, value: { from: null, to: null } });
  });

  it('refuses malformed dates and a start after the end', () => {
    expect(validateLedgerRange('2026-13-01', null)).toMatchObject({ ok: false });
    expect(validateLedgerRange('2026-03-02', '2026-03-01')).toMatchObject({ ok: false });
  });
});
