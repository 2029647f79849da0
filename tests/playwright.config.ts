import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@parroquia/testkit/chromium';
import { suiteStackPorts } from '@parroquia/testkit/stack';

// The ports `npm test` chose (or free ones, put in the environment for the global setup and the
// workers, which load this file again): the site must be built for them (see suiteStackPorts).
const ports = await suiteStackPorts();

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './support/playwright-global-setup.ts',
  timeout: 60_000,
  // An assertion waits up to 10 s (Playwright's default is 5): in a full `npm test` two suites
  // share two cores with the Functions emulator, and in one run a donor's list of names, which
  // waits on the API, did not show within 5 s. What never comes still fails; the steps known to
  // wait longer (a first PDF, a payment's webhook) say so themselves.
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${ports.hosting}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'off',
  },
});
