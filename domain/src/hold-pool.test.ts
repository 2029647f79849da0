/**
 * The shared pool of accounts that proved no address (issue 30): whatever they do, in any order
 * (hold, pay, cancel, let the clock run), together they never keep more than
 * `MAX_PLOTS_HELD_BY_UNPROVEN_ACCOUNTS` plots off sale, nor one of them more than
 * `MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT`; and a proven account is never refused by the pool.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPooledForHolds } from './hold-cap';
import { availableCell, effectiveCell } from './cell';
import { columnLetter } from './grid';
import type { CellWithId } from './cell-document';
import {
  MAX_PLOTS_HELD_BY_UNPROVEN_ACCOUNTS,
  MAX_PLOTS_HELD_PER_ACCOUNT,
  MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT,
  plotsHeldInCheckouts,
} from './hold-cap';
import { decideHold, releasedPlots } from './settlement/checkout';
import type { CheckoutOrder } from './checkout-order';

const START = Date.UTC(2026, 10, 27, 3);
const HOLD_MS = 35 * 60 * 1000;
const PLOTS = Array.from({ length: 120 }, (_, i) => {
  const x = columnLetter(i % 8);
  const y = Math.floor(i / 8) + 1;
  return { ...availableCell({ x, y }), id: `${x}${y}` } satisfies CellWithId;
});
/** Accounts 0..9 proved no address; 10 and 11 did. */
const ACCOUNTS = 12;
const pooled = (account: number) => account < 10;

type Step =
  | { kind: 'hold'; account: number; first: number; count: number }
  | { kind: 'pay' | 'cancel'; checkout: number }
  | { kind: 'wait'; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('hold' as const),
    account: fc.nat(ACCOUNTS - 1),
    first: fc.nat(PLOTS.length - 1),
    count: fc.integer({ min: 1, max: 14 }),
  }),
  fc.record({ kind: fc.constantFrom('pay' as const, 'cancel' as const), checkout: fc.nat(40) }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
);

describe('the pool of accounts that proved no address', () => {
  it('never holds more than its caps, whatever happens, and never refuses a proven account', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const cells = new Map(PLOTS.map((cell) => [cell.id, cell]));
        let pool: Record<string, string> = {};
        const checkouts: CheckoutOrder[] = [];
        let now = START;
        const all = () => [...cells.values()];

        for (const [index, current] of steps.entries()) {
          if (current.kind === 'wait') now += current.minutes * 60 * 1000;
          if (current.kind === 'hold') {
            const uid = `u${current.account}`;
            const codes = Array.from(
              { length: current.count },
              (_, i) => PLOTS[(current.first + i) % PLOTS.length]!.id,
            );
            const order: CheckoutOrder = {
              uid,
              kind: 'buy',
              plots: codes,
              checkoutId: `chk_${index}`,
            };
            const decision = decideHold({
              order,
              expiresAt: now + HOLD_MS,
              plots: codes.map((code) => ({ code, cell: cells.get(code)! })),
              accountCells: all().filter((cell) => cell.user === uid),
              unprovenPool: pooled(current.account)
                ? { holds: pool, cells: Object.keys(pool).map((code) => cells.get(code)!) }
                : null,
              now,
            });
            const refusal = decision.outcome.ok ? null : decision.outcome.reason;
            if (!pooled(current.account)) {
              expect(refusal).not.toBe('unproven-pool-full');
              expect(refusal).not.toBe('too-many-held-unproven');
            }
            for (const move of decision.cells) cells.set(move.after.id, move.after);
            if (decision.unprovenPool) pool = { ...decision.unprovenPool };
            if (decision.outcome.ok) checkouts.push(order);
          }
          if (current.kind === 'pay' || current.kind === 'cancel') {
            const order = checkouts[current.checkout];
            if (!order) continue;
            const own = order.plots.map((code) => cells.get(code)!);
            if (current.kind === 'cancel') {
              for (const move of releasedPlots(order, own, now))
                cells.set(move.after.id, move.after);
            } else {
              for (const cell of own) {
                const live = effectiveCell(cell, now);
                if (live.status === 'held' && live.hold?.session_id === order.checkoutId) {
                  cells.set(cell.id, { ...cell, status: 'bought', hold: null });
                }
              }
            }
          }

          // The invariants, on the plots themselves.
          const heldByPooled = all().filter((stored) => {
            const cell = effectiveCell(stored, now);
            return cell.status === 'held' && cell.user !== null && Number(cell.user.slice(1)) < 10;
          });
          expect(heldByPooled.length).toBeLessThanOrEqual(MAX_PLOTS_HELD_BY_UNPROVEN_ACCOUNTS);
          for (let account = 0; account < ACCOUNTS; account++) {
            const cap = pooled(account)
              ? MAX_PLOTS_HELD_PER_UNPROVEN_ACCOUNT
              : MAX_PLOTS_HELD_PER_ACCOUNT;
            expect(plotsHeldInCheckouts(all(), `u${account}`, now)).toBeLessThanOrEqual(cap);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('pools an account until Auth verifies it or a Google, Apple or Facebook sign-in made it', () => {
    const password = { providerId: 'password', email: 'ana@example.org' };
    expect(
      isPooledForHolds({ email: 'ana@example.org', emailVerified: false, providers: [password] }),
    ).toBe(true);
    expect(
      isPooledForHolds({ email: 'ana@example.org', emailVerified: true, providers: [password] }),
    ).toBe(false);
    for (const providerId of ['google.com', 'apple.com', 'facebook.com']) {
      // Even without an address (Facebook, Apple may give none): such accounts are not free.
      expect(
        isPooledForHolds({ email: null, emailVerified: false, providers: [{ providerId }] }),
      ).toBe(false);
    }
    expect(isPooledForHolds({ email: null, emailVerified: false, providers: [] })).toBe(true);
  });
});
