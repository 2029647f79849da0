import { describe, expect, it } from 'vitest';
import {
  donationEntry,
  ledgerCsv,
  refundEntry,
  type LedgerExportRow,
  type LedgerRow,
  type RecorderNames,
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

const exported: LedgerExportRow = { ...entry, certificate_code: 'AB12CD34', reason: null };
const staff: RecorderNames = new Map([
  ['staff-demo', { name: 'Tesorera', email: 'tesoreria@parroquia.test' }],
]);

describe('ledger CSV', () => {
  it('is written as a spreadsheet set to Spanish reads it: `;`, dates, decimal commas', () => {
    expect(ledgerCsv([exported], staff)).toBe(
      'fecha;referencia;donante;correo;forma_de_pago;tipo;parcelas;importe_eur;certificado;motivo;registrado_por;deshace\r\n' +
        '22/11/2026 13:05;"don-1";"Ana García";"ana@parroquia.test";"efectivo";"compra";"K3 K4";500,00;"AB12CD34";"";"Tesorera <tesoreria@parroquia.test>";""\r\n',
    );
  });

  it('neutralises a name a spreadsheet would run as a formula; the amount stays a number', () => {
    const csv = ledgerCsv(
      [{ ...exported, donor_name: '=HYPERLINK("http://x","y")', amount_cents: 5 }],
      staff,
    );
    expect(csv.split('\r\n')[1]).toBe(
      `22/11/2026 13:05;"don-1";"'=HYPERLINK(""http://x"",""y"")";"ana@parroquia.test";"efectivo";"compra";"K3 K4";0,05;"AB12CD34";"";"Tesorera <tesoreria@parroquia.test>";""`,
    );
  });

  it('names the site for a card payment, Stripe for a refund nobody asked here, else the uid', () => {
    const recorder = (row: Partial<LedgerExportRow>) =>
      ledgerCsv([{ ...exported, ...row }], staff)
        .split('\r\n')[1]!
        .split(';')[10];
    expect(recorder({ method: 'card', recorded_by: null })).toBe('"web (tarjeta)"');
    expect(recorder({ kind: 'refund', recorded_by: null })).toBe('"Stripe"');
    expect(recorder({ recorded_by: 'gone-staff' })).toBe('"gone-staff"');
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
    const csv = ledgerCsv(
      [{ ...refund, id: 'refund-cs_1', certificate_code: null, reason: 'Pidió la devolución' }],
      staff,
    );
    expect(csv.split('\r\n')[1]).toBe(
      '02/01/2027 01:00;"refund-cs_1";"Ana García";"a.b+misa@googlemail.com";"tarjeta";"reembolso";"K3";-50,00;"";"Pidió la devolución";"Stripe";"cs_1"',
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
