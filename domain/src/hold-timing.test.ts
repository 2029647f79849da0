import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOLD_DURATION_MS } from './cell';
import { holdExpiresAt, sessionExpiresAt } from './hold-timing';

const MINUTE = 60 * 1000;

describe('a hold and its session (hold-timing.ts)', () => {
  it('a hold lasts 35 minutes and its session 31', () => {
    expect(holdExpiresAt(0)).toBe(35 * MINUTE);
    expect(sessionExpiresAt(holdExpiresAt(0), 0)).toBe(31 * MINUTE);
  });

  it('the session never outlives its hold, and lasts over Stripe’s 30 minutes while the hold allows', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 40), fc.nat(10 * MINUTE), (now, took) => {
        const holdEnd = holdExpiresAt(now);
        const sessionEnd = sessionExpiresAt(holdEnd, now + took);
        expect(sessionEnd).toBeLessThanOrEqual(holdEnd);
        if (took <= 4 * MINUTE) expect(sessionEnd - (now + took)).toBeGreaterThan(HOLD_DURATION_MS);
      }),
    );
  });
});
