/**
 * Issue 17's invariants over a seeded random sequence of steps by several donors and staff, on
 * the whole local stack. `npm test` runs a short sequence with a fixed seed;
 * `npm run test:invariants -- --steps 2000 [--seed N]` a longer one (docs/local-stack.md).
 */
import { expect, inject, it } from 'vitest';
import { runSequence } from './sequence.ts';

const number = (name: string, fallback: number) => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number(value);
};

const seed = number('INVARIANTS_SEED', 17);
const steps = number('INVARIANTS_STEPS', 60);
const donors = number('INVARIANTS_DONORS', 4);
const browserEvery = number('INVARIANTS_BROWSER_EVERY', 30);
// `npm test` goes on after a failing step, so one run reports every broken invariant.
const keepGoing = (process.env.INVARIANTS_KEEP_GOING ?? '1') === '1';
const verbose = process.env.INVARIANTS_VERBOSE === '1';

it(`holds coverage, money, privacy, cash, single holders, erasure and the progress count over ${steps} steps (seed ${seed}, ${donors} donors)`, async () => {
  const result = await runSequence(
    {
      siteUrl: inject('siteUrl'),
      authHost: inject('authHost'),
      firestoreHost: inject('firestoreHost'),
      stripeUrl: inject('stripeUrl'),
    },
    {
      seed,
      steps,
      donors,
      browserEvery,
      keepGoing,
      // Straight to stdout: one line a step, without vitest's header over each console.log.
      log: (line) => {
        if (verbose) process.stdout.write(`${line}\n`);
      },
    },
  );
  const report: string[] = [];
  for (const [invariant, failure] of result.failures) {
    report.push(
      `${invariant}: first failed at step ${failure.step}, failing at ${failure.count} steps:`,
      ...failure.messages.map((message) => `  - ${message}`),
    );
  }
  if (report.length > 0) {
    const text = [
      `Invariants broken with seed ${seed} (${steps} steps, ${donors} donors). Replay: npm run test:invariants -- --seed ${seed} --steps ${steps} --donors ${donors}`,
      `Ledger read as: ${result.ledgerShape}`,
      ...report,
      'Steps:',
      ...result.steps,
    ].join('\n');
    console.log(text);
    expect.fail(text);
  }
  expect(result.steps.length).toBe(steps);
});
