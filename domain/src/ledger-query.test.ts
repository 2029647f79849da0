import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { donationEntry, refundEntry } from './ledger';
import {
  decodeLedgerCursor,
  encodeLedgerCursor,
  ledgerListRows,
  ledgerRowFound,
  ledgerSearchTerms,
  ledgerSearchWords,
  searchWord,
  validateLedgerFilter,
  validateLedgerListQuery,
} from './ledger-query';

const AT = Date.UTC(2026, 10, 20, 12);
const gift = donationEntry({
  method: 'cash',
  kind: 'buy',
  donor: { uid: null, email: 'Maria.Lopez@Example.com', name: 'María  López Díaz' },
  plots: ['K3', 'K4'],
  amountCents: 50_000,
  at: AT,
  recordedBy: 'staff',
});

describe('finding ledger rows', () => {
  it('keeps the words staff type: e-mail, first letters of each word of the name, plots, code', () => {
    expect(ledgerSearchWords(gift, 'C0DE2345')).toEqual([
      'maria.lopez@example.com',
      ...['m', 'ma', 'mar', 'mari', 'maria'],
      ...['l', 'lo', 'lop', 'lope', 'lopez'],
      ...['d', 'di', 'dia', 'diaz'],
      'k3',
      'k4',
      'c0de2345',
    ]);
    expect(searchWord('  LÓPEZ ')).toBe('lopez');
    expect(searchWord('María   López')).toBe('maria lopez');
  });

  it('finds a row by any word of the name or its first letters, case and accents (es, ro) aside', () => {
    const row = ledgerSearchWords({ ...gift, donor_name: 'Ștefan Pérez-Țăranu' });
    const found = (typed: string) => ledgerRowFound(row, ledgerSearchTerms(typed));
    for (const typed of [
      'Ștefan Pérez',
      'stefan',
      'PEREZ',
      'ste per',
      'Țăranu',
      'taran',
      'k3 ste',
    ]) {
      expect(found(typed), typed).toBe(true);
    }
    for (const typed of ['Ștefan Popescu', 'tefan', 'ana', 'k5']) {
      expect(found(typed), typed).toBe(false);
    }
    // An address is one term, whole; the longest term comes first (the query asks for it).
    expect(ledgerSearchTerms(' Maria.Lopez@Example.com ')).toEqual(['maria.lopez@example.com']);
    expect(ledgerSearchTerms('ana  Ștefănescu')).toEqual(['stefanescu', 'ana']);
  });

  it('any name is found by each of its words, whatever the letters (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-zÁÉÍÓÚÑáéíóúñĂÂÎȘȚăâîșț]{1,25}$/), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(),
        (words, pick) => {
          const row = ledgerSearchWords({ ...gift, donor_name: words.join(' ') });
          const word = words[pick % words.length]!;
          const prefix = word.slice(0, 1 + (pick % word.length));
          expect(ledgerRowFound(row, ledgerSearchTerms(prefix.toUpperCase()))).toBe(true);
          expect(ledgerRowFound(row, ledgerSearchTerms(words.join(' ')))).toBe(true);
        },
      ),
    );
  });

  it('takes the filters, each optional; a search is made comparable; a code is recognised', () => {
    expect(validateLedgerFilter({})).toEqual({
      ok: true,
      value: {
        range: { from: null, to: null },
        method: null,
        kind: null,
        search: null,
        personalCode: null,
      },
    });
    const typed = validateLedgerFilter({
      method: 'cash',
      kind: 'refund',
      q: ' abcd 2345 ',
      from: '',
    });
    expect(typed).toMatchObject({
      ok: true,
      value: {
        method: 'cash',
        kind: 'refund',
        search: ['abcd', '2345'],
        personalCode: 'ABCD2345',
      },
    });
  });

  it('refuses a way of paying, kind, search or cursor it does not know, with a message', () => {
    expect(validateLedgerFilter({ method: 'cheque' })).toMatchObject({ ok: false });
    expect(validateLedgerFilter({ kind: 'gift' })).toMatchObject({ ok: false });
    expect(validateLedgerFilter({ q: 'x'.repeat(101) })).toMatchObject({ ok: false });
    expect(validateLedgerFilter({ q: 'a\u0000b' })).toMatchObject({ ok: false });
    expect(validateLedgerFilter({ from: '2026-13-01' })).toMatchObject({ ok: false });
    expect(validateLedgerListQuery({ cursor: 'nonsense' })).toMatchObject({ ok: false });
    const cursor = encodeLedgerCursor({ created_at: AT, id: 'cs_test_1' });
    expect(decodeLedgerCursor(cursor)).toEqual({ created_at: AT, id: 'cs_test_1' });
  });

  it('ties a refund to its gift both ways, whether or not the gift is on the page', () => {
    const refund = refundEntry(gift, 'g1', 25_000, AT + 1000);
    const rows = ledgerListRows([{ ...refund, id: 'r1' }], [{ ...gift, id: 'g1' }]);
    expect(rows[0]!.undoes).toEqual({
      id: 'g1',
      kind: 'buy',
      amount_cents: 50_000,
      created_at: new Date(AT).toISOString(),
    });
    const both = ledgerListRows(
      [
        { ...refund, id: 'r1' },
        { ...gift, id: 'g1', certificate_code: 'C0DE2345' },
      ],
      [],
    );
    expect(both[1]!.undone_by.map((row) => row.id)).toEqual(['r1']);
    expect(both[1]!.certificate_code).toBe('C0DE2345');
  });
});
