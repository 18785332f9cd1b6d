import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, HEADLESS_SHELL } from './e2e/support/browser';

const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://localhost:${port}`;
const isCI = Boolean(process.env.CI);

/**
 * The specs that run the scheduled jobs at a time of their choosing (`runJobs`): the jobs act on
 * the whole market, and a second run at once would take the jobs' leases from under the first.
 * They run one at a time, beside the other specs (decision record 051).
 */
const marketClockSpecs = readdirSync('e2e').filter(
  (file) =>
    file.endsWith('.spec.ts') && readFileSync(path.join('e2e', file), 'utf8').includes('runJobs('),
);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || HEADLESS_SHELL,
    args: chromiumArgs,
  },
};

/**
 * Browser tests run against the real server (e2e/support/e2e-server.ts) and the built web app
 * (`npm run build` first), in Debian's Chromium (e2e/support/browser.ts): `npx playwright install`
 * is not used.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two workers, one per core: each test waits on the server and the database much of its time,
  // so two browsers share the cores (decision record 051). Specs keep to their own accounts, so
  // files run side by side, except the market-clock specs, one at a time among themselves.
  workers: 2,
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
    { name: 'chromium', testIgnore: marketClockSpecs, use: chromium },
    { name: 'market-clock', testMatch: marketClockSpecs, workers: 1, use: chromium },
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
