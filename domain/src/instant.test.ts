import { describe, expect, it } from 'vitest';
import { isoOf, millisOf } from './instant';

const AT = Date.UTC(2026, 10, 22, 12, 30);

describe('instants', () => {
  it('reads Timestamp-like objects, Dates and numbers as epoch milliseconds', () => {
    expect(millisOf({ toMillis: () => AT })).toBe(AT);
    expect(millisOf(new Date(AT))).toBe(AT);
    expect(millisOf(AT)).toBe(AT);
    expect(isoOf({ toMillis: () => AT })).toBe('2026-11-22T12:30:00.000Z');
  });

  it('reads anything else as nothing', () => {
    for (const value of [
      null,
      undefined,
      '2026-11-22',
      {},
      { toMillis: 'no' },
      { toMillis: () => 'soon' },
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date('x'),
    ]) {
      expect(millisOf(value)).toBeNull();
    }
    expect(isoOf(null)).toBeNull();
  });
});
