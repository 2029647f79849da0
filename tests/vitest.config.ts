import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/each-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // One file after another on one stack, and in one module graph (`isolate: false`): loading
    // the SDKs again for each file took a tenth of the suite's time. What a file's module state
    // must hold at its start, `support/each-file.ts` sets.
    fileParallelism: false,
    isolate: false,
  },
});
