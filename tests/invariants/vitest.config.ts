import { defineConfig } from 'vitest/config';

/**
 * The invariant suite (issue 17): seeded random steps against the whole local stack. Its length
 * comes from INVARIANTS_STEPS (see `run.ts` and docs/local-stack.md), so no test timeout here
 * would fit every run: the runner's own suite timeout bounds it.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['../support/global-setup.ts'],
    testTimeout: 6 * 60 * 60_000,
    hookTimeout: 180_000,
  },
});
