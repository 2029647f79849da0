import { describe, expect, it } from 'vitest';
import { CASH_LIMIT_CENTS_PER_MONTH, checkCashLimit, spanishMonthOf } from './cash-limit';

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
