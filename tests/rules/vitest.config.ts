import { defineConfig } from 'vitest/config';

/** The security-rules suite: `firestore.rules` on our emulator and on Google's (where installed). */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
