import { describe, expect, it } from 'vitest';
import {
  ERASURE_SIGN_IN_MAX_AGE_MS,
  erasedLedgerFields,
  erasedSearchWords,
  isFreshSignIn,
} from './account-erasure';
import { donationEntry, type LedgerEntry } from './ledger';
import { ledgerSearchWords } from './ledger-query';

const NOW = Date.UTC(2026, 10, 27, 3, 0);

describe('isFreshSignIn', () => {
  it('takes a sign-in of the last five minutes, up to the limit itself', () => {
    expect(isFreshSignIn(NOW, NOW)).toBe(true);
    expect(isFreshSignIn(NOW - ERASURE_SIGN_IN_MAX_AGE_MS, NOW)).toBe(true);
  });
  it('refuses an older one, none, or one far in the future', () => {
    expect(isFreshSignIn(NOW - ERASURE_SIGN_IN_MAX_AGE_MS - 1, NOW)).toBe(false);
    expect(isFreshSignIn(undefined, NOW)).toBe(false);
    expect(isFreshSignIn(null, NOW)).toBe(false);
    expect(isFreshSignIn(Number.NaN, NOW)).toBe(false);
    expect(isFreshSignIn(NOW + 10 * 60_000, NOW)).toBe(false);
  });
});

describe('an erased ledger row', () => {
  const entry: LedgerEntry = donationEntry({
    donor: { uid: 'u1', email: 'Ana.Garcia@Example.com', name: 'Ana García Pérez' },
    method: 'cash',
    kind: 'buy',
    amountCents: 25_000,
    plots: ['K3', 'K4'],
    at: NOW,
    recordedBy: 'staff-1',
  });

  it('keeps no name or e-mail, and is found only by its plots and code', () => {
    const before = ledgerSearchWords(entry, 'C0DE2345');
    expect(before).toEqual(expect.arrayContaining(['garcia', 'perez', 'ana.garcia@example.com']));
    const fields = erasedLedgerFields({ cells: entry.cells, certificate_code: 'C0DE2345' });
    expect(fields).toEqual({
      donor_name: '',
      donor_email: '',
      search: ['k3', 'k4', 'c0de2345'],
    });
    expect(erasedSearchWords([])).toEqual([]);
  });
});
