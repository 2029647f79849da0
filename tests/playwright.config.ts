import { defineConfig } from '@playwright/test';
import { TEST_PORTS } from './support/test-stack.ts';

/** Debian's Chromium: Playwright cannot download its own browsers here. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './support/playwright-global-setup.ts',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${TEST_PORTS.hosting}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
});
