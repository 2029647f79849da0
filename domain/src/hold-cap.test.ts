import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import { MAX_PLOTS_HELD_PER_ACCOUNT, fitsHoldCap, plotsHeldInCheckouts } from './hold-cap';

const NOW = Date.UTC(2026, 10, 24, 12);

function held(y: number, uid: string, expiresAt: number): Cell {
  return {
    ...availableCell({ x: 'A', y }),
    status: 'held',
    user: uid,
    hold: { session_id: `chk_${y}`, kind: 'buy', expires_at: expiresAt },
  };
}

describe('hold cap', () => {
  it('counts only the account’s live holds of plots that were on sale', () => {
    const cells = [
      held(1, 'ana', NOW + 60_000),
      held(2, 'ana', NOW - 1),
      held(3, 'ion', NOW + 60_000),
      {
        ...held(5, 'ana', NOW + 60_000),
        hold: { session_id: 'chk_5', kind: 'complete' as const, expires_at: NOW + 60_000 },
      },
      { ...availableCell({ x: 'A', y: 4 }), status: 'bought' as const, user: 'ana' },
    ];
    expect(plotsHeldInCheckouts(cells, 'ana', NOW)).toBe(1);
  });

  it(`lets an account hold at most ${MAX_PLOTS_HELD_PER_ACCOUNT} plots across its checkouts`, () => {
    const cells = Array.from({ length: 15 }, (_, i) => held(i + 1, 'ana', NOW + 60_000));
    expect(fitsHoldCap(cells, 'ana', MAX_PLOTS_HELD_PER_ACCOUNT - 15, NOW)).toBe(true);
    expect(fitsHoldCap(cells, 'ana', MAX_PLOTS_HELD_PER_ACCOUNT - 14, NOW)).toBe(false);
    expect(fitsHoldCap([], 'ana', MAX_PLOTS_HELD_PER_ACCOUNT + 1, NOW)).toBe(false);
    // Once the 30 minutes pass, the same account may try again.
    expect(fitsHoldCap(cells, 'ana', MAX_PLOTS_HELD_PER_ACCOUNT, NOW + 60_001)).toBe(true);
  });
});
