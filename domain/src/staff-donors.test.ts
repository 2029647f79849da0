import { describe, expect, it } from 'vitest';
import { donationEntry, refundEntry, voidEntry, type LedgerRow } from './ledger';
import {
  nameMatches,
  nameSearchPrefixes,
  validateDonorSearch,
  validatePersonId,
} from './donor-search';
import { donorLedgerLines } from './ledger-lines';

const NOW = Date.UTC(2026, 10, 26, 10, 0);

describe('finding a donor by name', () => {
  it('stores every prefix of every word, lower case and without accents', () => {
    const prefixes = nameSearchPrefixes('María-José Pop');
    expect(prefixes).toEqual(expect.arrayContaining(['m', 'mar', 'maria', 'j', 'jose', 'pop']));
    expect(prefixes).not.toContain('María');
    expect(nameSearchPrefixes('x'.repeat(40)).every((prefix) => prefix.length <= 20)).toBe(true);
  });

  it('matches when every typed word starts a word of the name', () => {
    expect(nameMatches('María José Pop', ['jos', 'mar'])).toBe(true);
    expect(nameMatches('María José Pop', ['ose'])).toBe(false);
    expect(nameMatches('Ștefan Ionescu', ['stef'])).toBe(true);
  });
});

describe('validateDonorSearch', () => {
  it('reads an e-mail as its mailbox, a plot, a code, and a name', () => {
    expect(validateDonorSearch({ q: ' Ana.Pop+x@Gmail.com ' })).toEqual({
      ok: true,
      value: {
        words: [],
        mailbox: 'anapop@gmail.com',
        email: 'ana.pop+x@gmail.com',
        code: null,
        plot: null,
      },
    });
    expect(validateDonorSearch({ q: 'k3' })).toMatchObject({ ok: true, value: { plot: 'K3' } });
    expect(validateDonorSearch({ q: 'ab2c3d4e' })).toMatchObject({
      ok: true,
      value: { code: 'AB2C3D4E', words: ['ab2c3d4e'] },
    });
    expect(validateDonorSearch({ q: 'Lucía Rés' })).toMatchObject({
      ok: true,
      value: { words: ['lucia', 'res'], code: null, plot: null },
    });
  });

  it('refuses too short, too long or no words', () => {
    for (const q of ['', 'a', 'x'.repeat(101), '--', undefined]) {
      expect(validateDonorSearch({ q })).toEqual({
        ok: false,
        error: 'Escribe entre 2 y 100 caracteres: nombre, correo, código o parcela.',
      });
    }
  });
});

describe('validatePersonId', () => {
  it('an account by uid, a person without one by e-mail', () => {
    expect(validatePersonId({ id: 'u-ana_1' })).toEqual({
      ok: true,
      value: { kind: 'account', uid: 'u-ana_1' },
    });
    expect(validatePersonId({ id: 'email:Doña@Example.test' })).toEqual({
      ok: true,
      value: { kind: 'mailbox', email: 'doña@example.test' },
    });
    for (const id of ['', 'a/b', 'email:nobody', undefined]) {
      expect(validatePersonId({ id }).ok).toBe(false);
    }
  });
});

describe('donorLedgerLines', () => {
  const row = (id: string, method: 'card' | 'cash', at: number): LedgerRow => ({
    id,
    ...donationEntry({
      method,
      kind: 'buy',
      donor: { uid: 'u-ana', email: 'ana@example.test', name: 'Ana' },
      plots: ['K3'],
      amountCents: 25_000,
      at,
      recordedBy: method === 'card' ? null : 'staff-1',
    }),
  });

  it('newest first; a card gift refundable for what is left, a staff registration voidable once', () => {
    const card = row('cs_1', 'card', NOW - 3000);
    const cash = row('cash-1', 'cash', NOW - 2000);
    const cash2 = row('cash-2', 'cash', NOW - 1500);
    const refund = { ...refundEntry(card, 'cs_1', 5_000, NOW - 1000), id: 'refund-cs_1-5000' };
    const voided = { ...voidEntry(cash2, 'cash-2', NOW - 500, 'staff-1'), id: 'void-1' };
    const lines = donorLedgerLines([card, cash, cash2, refund, voided]);
    expect(lines.map((line) => line.row.id)).toEqual([
      'void-1',
      'refund-cs_1-5000',
      'cash-2',
      'cash-1',
      'cs_1',
    ]);
    const of = (id: string) => lines.find((line) => line.row.id === id)!;
    expect(of('cs_1')).toMatchObject({
      undoneCents: 5_000,
      refundableCents: 20_000,
      voidable: false,
    });
    expect(of('cash-1')).toMatchObject({ voidable: true, refundableCents: 0 });
    expect(of('cash-2')).toMatchObject({ voidable: false, undoneCents: 25_000 });
    expect(of('void-1')).toMatchObject({ voidable: false, refundableCents: 0 });
  });
});
