/**
 * Properties of the money core (issue 28): thousands of random sequences of operations by
 * donors, staff, the card processor and the clock, each checked against the invariants after
 * every step. `PROPERTY_RUNS` sets how many sequences (`npm run test:properties -- --runs N`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Simulation, type Operation } from '../../test/support/settlement-simulation';

/** The runner's environment (the domain's types leave Node out on purpose). */
declare const process: { env: Record<string, string | undefined> };

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;

const operation: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom(
    'hold',
    'hold',
    'pay',
    'pay',
    'expire',
    'cancel',
    'refund',
    'refund',
    'register',
    'register',
    'link',
    'complete-at-parish',
    'complete-at-parish',
    'void',
    'extend',
    'release',
    'sweep',
    'replay',
    'issue-codes',
    'print-filled',
    'erase',
  ),
  a: fc.nat(30),
  b: fc.nat(30),
  c: fc.nat(30),
  plots: fc.array(fc.nat(7), { minLength: 1, maxLength: 4 }),
  flag: fc.boolean(),
});

describe('the money core over random sequences', () => {
  it(`keeps money, coverage, single holders, the cash limit, anonymity and progress after every step, and a replayed event changes nothing (${RUNS} sequences)`, () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), (operations) => {
        const simulation = new Simulation();
        for (const [step, op] of operations.entries()) {
          simulation.run(op);
          const violations = simulation.violations();
          if (violations.length > 0) {
            throw new Error(
              `after step ${step} (${op.kind}): ${violations.map((v) => `[${v.invariant}] ${v.message}`).join('; ')}`,
            );
          }
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);

  it('reaches the states worth checking: plots bought, reserved, refunded and voided', () => {
    // A guard against a generator that never gets anywhere: over 1000 sequences, each kind of
    // outcome happens.
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.array(operation, { minLength: 20, maxLength: 60 }), (operations) => {
        const simulation = new Simulation();
        for (const op of operations) simulation.run(op);
        for (const cell of simulation.store.cells.values()) seen.add(cell.status);
        for (const row of simulation.store.rows()) {
          seen.add(`${row.method}:${row.kind}`);
          if (row.cells.length > 30) seen.add(`more than 30 plots:${row.kind}`);
        }
        if (simulation.store.mails.size > 0) seen.add('mail');
        for (const id of simulation.store.mails.keys())
          if (id.startsWith('refund-')) seen.add('refund mail');
        for (const action of simulation.store.actions.values()) seen.add(`action:${action.action}`);
        if (simulation.store.erased.size > 0) seen.add('erasure');
      }),
      { numRuns: 1000, seed: 28 },
    );
    for (const state of [
      'bought',
      'reserved',
      'card:buy',
      'card:refund',
      'cash:buy',
      'transfer:reserve',
      'cash:void',
      'card:complete',
      'mail',
      'action:generate-codes',
      'action:print-blank',
      'action:print-filled',
      'refund mail',
      'action:refund',
      'more than 30 plots:reserve',
      'more than 30 plots:void',
      'erasure',
    ]) {
      expect(seen, state).toContain(state);
    }
  }, 120_000);
});
