/**
 * Holding plots needs a proven address (docs/product.md, "Holds"): free accounts cannot take the
 * map off sale, and there is no shared pool for them to fill.
 */
import { describe, expect, it } from 'vitest';
import { availableCell } from './cell';
import { parsePlotCode } from './plot-code';
import { mayHoldPlots } from './hold-cap';
import { decideHold } from './settlement/checkout';

const password = { providerId: 'password', email: 'ana@example.org' };
const NOW = Date.UTC(2026, 10, 28, 10, 0);

function order(kind: 'buy' | 'reserve' | 'complete') {
  return { uid: 'u-ana', kind, plots: ['K3'], checkoutId: 'chk_1' };
}

describe('who may hold plots', () => {
  it('an e-mail account once its address is verified; any Google, Apple or Facebook sign-in', () => {
    expect(
      mayHoldPlots({ email: 'ana@example.org', emailVerified: false, providers: [password] }),
    ).toBe(false);
    expect(
      mayHoldPlots({ email: 'ana@example.org', emailVerified: true, providers: [password] }),
    ).toBe(true);
    for (const providerId of ['google.com', 'apple.com', 'facebook.com']) {
      expect(mayHoldPlots({ email: null, emailVerified: false, providers: [{ providerId }] })).toBe(
        true,
      );
    }
    expect(mayHoldPlots({ email: null, emailVerified: false, providers: [] })).toBe(false);
  });

  it('an unproven account buys and reserves nothing, and changes nothing; it may complete', () => {
    const k3 = { ...availableCell(parsePlotCode('K3')), id: 'K3' };
    const facts = (kind: 'buy' | 'reserve' | 'complete', addressProven: boolean) => ({
      order: order(kind),
      expiresAt: NOW + 35 * 60_000,
      plots: [{ code: 'K3', cell: k3 }],
      accountCells: [],
      addressProven,
      now: NOW,
    });
    for (const kind of ['buy', 'reserve'] as const) {
      const refused = decideHold(facts(kind, false));
      expect(refused.outcome).toEqual({ ok: false, reason: 'address-unproven' });
      expect(refused.cells).toEqual([]);
      expect(decideHold(facts(kind, true)).outcome).toEqual({ ok: true });
    }
    // A completion is refused for other reasons here (K3 is not the donor's reservation), never this.
    expect(decideHold(facts('complete', false)).outcome).not.toMatchObject({
      reason: 'address-unproven',
    });
  });
});
