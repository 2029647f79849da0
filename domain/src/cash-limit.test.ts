import { describe, expect, it } from 'vitest';
import {
  CASH_LIMIT_CENTS_PER_MONTH,
  checkCashLimit,
  checkCashOnLink,
  personCashOfMonth,
  spanishMonthOf,
} from './cash-limit';

describe('monthly cash limit', () => {
  it('is 999.99 EUR', () => {
    expect(CASH_LIMIT_CENTS_PER_MONTH).toBe(99999);
  });

  it('allows a donation up to exactly the limit', () => {
    expect(checkCashLimit([], 99999)).toEqual({
      ok: true,
      cashThisMonthCents: 0,
      remainingAfterCents: 0,
    });
    expect(checkCashLimit([50000, 25000], 24999)).toMatchObject({
      ok: true,
      remainingAfterCents: 0,
    });
  });

  it('refuses one cent over the limit, saying how much is left', () => {
    expect(checkCashLimit([], 100000)).toEqual({
      ok: false,
      reason: 'over-cash-limit',
      cashThisMonthCents: 0,
      remainingCents: 99999,
    });
    expect(checkCashLimit([50000, 25000], 25000)).toMatchObject({
      ok: false,
      remainingCents: 24999,
    });
  });

  it('leaves nothing when the month is already over the limit', () => {
    expect(checkCashLimit([120000], 1)).toMatchObject({ ok: false, remainingCents: 0 });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => checkCashLimit([], 10.5)).toThrow(RangeError);
    expect(() => checkCashLimit([-1], 10)).toThrow(RangeError);
  });

  it('groups donations by calendar month in Spain', () => {
    // 31 Jan 23:30 UTC is already 1 Feb in Madrid (UTC+1).
    expect(spanishMonthOf(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-02');
    expect(spanishMonthOf(Date.UTC(2026, 0, 31, 22, 30))).toBe('2026-01');
    // Summer time (UTC+2).
    expect(spanishMonthOf(Date.UTC(2026, 6, 31, 22, 30))).toBe('2026-08');
  });
});

describe('cash per person', () => {
  const month = '2026-11';
  const entry = (
    id: string,
    donor: string | null,
    key: string,
    cents: number,
    method = 'cash',
  ) => ({
    id,
    donor,
    donor_key: key,
    method,
    month,
    amount_cents: cents,
  });
  const entries = [
    entry('a', null, 'ab@gmail.com', 75000),
    entry('b', 'ana', 'ana@x.es', 10000),
    entry('c', null, 'other@x.es', 90000),
    entry('d', 'ana', 'ana@x.es', 50000, 'transfer'),
    { ...entry('e', 'ana', 'ana@x.es', 20000), month: '2026-10' },
  ];

  it('sums the cash of the month by account and by mailbox, each entry once', () => {
    const person = { uids: ['ana'], mailboxes: ['ana@x.es', 'ab@gmail.com'] };
    expect(personCashOfMonth(entries, person, month)).toEqual([75000, 10000]);
  });

  it('refuses a link whose mailbox brings the person past the limit in any month', () => {
    const person = { uids: ['ana'], mailboxes: ['ana@x.es'] };
    const joined = { ...person, mailboxes: [...person.mailboxes, 'ab@gmail.com'] };
    const pending = entry('f', null, 'ab@gmail.com', 90000);
    expect(checkCashOnLink([...entries, pending], joined)).toEqual({
      ok: false,
      month,
      cashCents: 175000,
    });
    // A transfer's code ties the same mailbox: its earlier cash counts all the same.
    const transfer = entry('t', null, 'ab@gmail.com', 25000, 'transfer');
    expect(checkCashOnLink([...entries, transfer], joined).ok).toBe(true);
    const moreCash = entry('h', 'ana', 'ana@x.es', 30000);
    expect(checkCashOnLink([...entries, moreCash, transfer], joined).ok).toBe(false);
    const small = entry('g', null, 'z@x.es', 5000);
    expect(
      checkCashOnLink([...entries, small], { ...person, mailboxes: ['ana@x.es', 'z@x.es'] }).ok,
    ).toBe(true);
  });
});
