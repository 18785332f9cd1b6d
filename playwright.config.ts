import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, HEADLESS_SHELL } from './e2e/support/browser';

const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://localhost:${port}`;
const isCI = Boolean(process.env.CI);

/**
 * Browser tests run against the real server (e2e/support/e2e-server.ts) and the built web app
 * (`npm run build` first), in Debian's Chromium (e2e/support/browser.ts): `npx playwright install`
 * is not used.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker: the machine has two cores shared by Chromium, the server and the database.
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Never let a hang eat the CI budget.
  globalTimeout: isCI ? 30 * 60_000 : undefined,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || 'test-results/report.json' }],
  ],
  use: {
    baseURL,
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || HEADLESS_SHELL,
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/e2e-server.ts',
    url: `${baseURL}/api/ready`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM (not the default SIGKILL) so the server drops its database and temporary directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
