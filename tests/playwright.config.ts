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
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${ports.hosting}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'off',
  },
});
