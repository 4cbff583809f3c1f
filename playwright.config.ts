import { defineConfig } from '@playwright/test';

/** Browser tests drive the machine's Chromium (Debian's /usr/bin/chromium), never a downloaded one. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]] : [['list']],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 18080}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'off',
    // A step that waits this long has hung: failing it names the locator, where the test's own
    // time-out would name only the test.
    actionTimeout: 30_000,
  },
});
