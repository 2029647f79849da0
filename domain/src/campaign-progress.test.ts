import { describe, expect, it } from 'vitest';
import { availableCell, sweptCell, type Cell } from './cell';
import { applyPayment, releaseHold, startHold } from './cell-transitions';
import {
  campaignProgress,
  NO_PROGRESS,
  progressDifference,
  progressOf,
  readProgressDocument,
  recountProgress,
  type ProgressCounts,
} from './campaign-progress';
import type { CheckoutKind } from './money';

const NOW = Date.UTC(2026, 10, 24, 12);
const MINUTE = 60_000;

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('campaign progress', () => {
  it('counts bought plots and paid deposits (also while completing); raised is the ledger net', () => {
    const bought: Cell = { ...availableCell({ x: 'A', y: 1 }), status: 'bought', user: 'ana' };
    const reserved: Cell = {
      ...availableCell({ x: 'A', y: 2 }),
      status: 'reserved',
      user: 'ana',
      reserved_until: NOW + MINUTE,
    };
    const completing: Cell = {
      ...reserved,
      status: 'held',
      hold: { session_id: 'cs_1', kind: 'complete', expires_at: NOW + MINUTE },
    };
    const buying: Cell = {
      ...availableCell({ x: 'A', y: 3 }),
      status: 'held',
      user: 'ion',
      hold: { session_id: 'cs_2', kind: 'buy', expires_at: NOW + MINUTE },
    };
    // The bought plot was reserved, completed, then its deposit refunded: the plot still shows
    // bought, and what was raised is what the ledger kept.
    const ledger = [{ amount_cents: 5_000 }, { amount_cents: 20_000 }, { amount_cents: -5_000 }];
    expect(recountProgress([bought, reserved, completing, buying], ledger)).toEqual({
      plots_bought: 1,
      plots_reserved: 2,
      raised_cents: 20_000,
    });
    expect(progressOf(null)).toEqual(NO_PROGRESS);
  });

  it('kept by differences, equals a recount after any sequence of plot changes', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const next = random(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
      const store = new Map<number, Cell>();
      for (let y = 1; y <= 6; y += 1) store.set(y, availableCell({ x: 'B', y }));
      let kept: ProgressCounts = recountProgress(store.values(), []);
      let now = NOW;
      for (let step = 0; step < 200; step += 1) {
        now += Math.floor(next() * 40 * MINUTE);
        // One transaction: a few plots change together, as a checkout or the sweep does.
        const plots = [...new Set([pick([1, 2, 3, 4, 5, 6]), pick([1, 2, 3, 4, 5, 6])])];
        const session = `cs_${step}`;
        const kind = pick<CheckoutKind>(['buy', 'reserve', 'complete']);
        const uid = pick(['ana', 'ion']);
        const action = pick(['hold', 'pay', 'release', 'sweep']);
        const changes: Array<{ before: Cell; after: Cell }> = [];
        for (const y of plots) {
          const before = store.get(y)!;
          let after: Cell | null = null;
          if (action === 'hold') {
            const move = startHold(
              before,
              { uid, kind, sessionId: session, expiresAt: now + 30 * MINUTE },
              now,
            );
            after = move.ok ? move.cell : null;
          } else if (action === 'pay' && before.hold) {
            const move = applyPayment(
              before,
              { sessionId: before.hold.session_id, donorDisplay: uid },
              now,
            );
            after = move.ok ? move.cell : null;
          } else if (action === 'release' && before.hold) {
            const move = releaseHold(before, before.hold.session_id, now);
            after = move.ok ? move.cell : null;
          } else if (action === 'sweep') {
            after = sweptCell(before, now);
          }
          if (after) changes.push({ before, after });
        }
        for (const { after } of changes) store.set(after.y, after);
        const difference = progressDifference(changes, []);
        kept = {
          plots_bought: kept.plots_bought + difference.plots_bought,
          plots_reserved: kept.plots_reserved + difference.plots_reserved,
          raised_cents: kept.raised_cents + difference.raised_cents,
        };
        expect(kept, `seed ${seed}, step ${step}`).toEqual(recountProgress(store.values(), []));
      }
    }
  });

  it('shows the share of the goal to one decimal', () => {
    const progress = campaignProgress(
      { plots_bought: 1, plots_reserved: 1, raised_cents: 30_000 },
      936,
    );
    expect(progress).toEqual({
      given: 2,
      bought: 1,
      reserved: 1,
      total: 936,
      raisedCents: 30_000,
      goalCents: 936 * 25_000,
      percent: 0.1,
    });
  });

  it('reads the stored document, or nothing when a count is missing or not a count', () => {
    const stored = { plots_bought: 2, plots_reserved: 1, raised_cents: 55_000, plots_total: 936 };
    expect(readProgressDocument(stored)).toEqual({
      counts: { plots_bought: 2, plots_reserved: 1, raised_cents: 55_000 },
      totalPlots: 936,
    });
    expect(readProgressDocument({ ...stored, plots_total: undefined })).toBeNull();
    expect(readProgressDocument({ ...stored, plots_bought: -1 })).toBeNull();
    expect(readProgressDocument({ ...stored, raised_cents: '55000' })).toBeNull();
  });
});
