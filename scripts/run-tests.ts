/**
 * The one test command (`npm test`): Chromium check, typecheck, lint, API tests (Vitest), build,
 * browser tests (Playwright). Every step runs even when an earlier one fails; the last line printed
 * is the total, `N passed, N failed` (`, N skipped` when some were skipped). The summary above it
 * names every failing test, so the tail of a long log says what failed.
 *
 * Environment: passed through to every step (DATABASE_URL runs the API and browser tests against
 * PostgreSQL; CHROMIUM_PATH names another Chromium than Debian's headless shell).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { FULL_CHROMIUM, HEADLESS_SHELL } from '../e2e/support/browser';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface StepResult extends Counts {
  name: string;
  note?: string;
  /** The failing tests, `file › test: first line of the error`, printed again in the summary. */
  failures?: string[];
}

/**
 * Debian's `chromium-headless-shell` runs the browser tests (about a third faster than the full
 * `chromium`, used instead when only it is installed); the full one runs the specs that need it
 * (e2e/support/browser.ts).
 */
const DEFAULT_CHROMIUM = HEADLESS_SHELL;
const CHROMIUM_PACKAGES: Record<string, string> = {
  [DEFAULT_CHROMIUM]: 'chromium-headless-shell',
  [FULL_CHROMIUM]: 'chromium',
};
const results: StepResult[] = [];
const reportDir = mkdtempSync(path.join(tmpdir(), 'chairfill-test-reports-'));
const totalSteps = 6;
let stepNumber = 0;

function header(title: string): void {
  stepNumber += 1;
  const line = '='.repeat(72);
  console.log(`\n${line}\n== [${stepNumber}/${totalSteps}] ${title}\n${line}`);
}

/** Runs a command with the console attached; resolves with its exit code (never rejects). */
function run(
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<number> {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      if (signal) console.error(`${command} was stopped by ${signal}`);
      resolve(code ?? 1);
    });
  });
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function commandExists(name: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(path.join(dir, name)));
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Could not read the report ${file}: ${(error as Error).message}`);
    return undefined;
  }
}

/** A step's exit code disagreeing with its report (e.g. an unhandled error) is one more failure. */
function withExitCode(counts: Counts, exitCode: number, tool: string): Counts & { note?: string } {
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `${tool} exited with code ${exitCode}` };
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// (a) Chromium

/** Returns the Chromium path to use, installing Debian's package when possible; undefined if none. */
async function ensureChromium(): Promise<string | undefined> {
  header('Chromium (browser for the end-to-end tests)');
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit && !isExecutable(explicit)) {
    console.error(
      `CHROMIUM_PATH is set to ${explicit}, but there is no executable there.\n` +
        `Point CHROMIUM_PATH at a Chromium executable, or unset it and install Debian's packages:\n` +
        `  sudo apt-get install chromium-headless-shell chromium`,
    );
    return undefined;
  }
  const missing = Object.keys(CHROMIUM_PACKAGES).filter((file) => !isExecutable(file));
  const isRoot = process.getuid?.() === 0;
  if (missing.length > 0 && isRoot && commandExists('apt-get')) {
    const packages = missing.map((file) => CHROMIUM_PACKAGES[file]!);
    console.log(`Installing Debian's ${packages.join(' and ')} (missing).`);
    const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
    const updated = await run('apt-get', ['update'], aptEnv);
    if (updated !== 0)
      console.error(`apt-get update exited with code ${updated}; trying the install anyway.`);
    // One at a time: the other is still used when one cannot be installed.
    for (const name of packages) {
      const installed = await run('apt-get', ['install', '-y', name], aptEnv);
      if (installed !== 0)
        console.error(`Installing ${name} failed (apt-get exited with code ${installed}).`);
    }
  }
  if (!isExecutable(FULL_CHROMIUM)) {
    console.error(
      `${FULL_CHROMIUM} is missing: the specs that need the full browser will fail.\n` +
        `Install it with:  sudo apt-get install chromium`,
    );
  }
  const found = explicit || [DEFAULT_CHROMIUM, FULL_CHROMIUM].find(isExecutable);
  if (found) {
    console.log(`Using ${found}`);
    return found;
  }
  console.error(
    `The end-to-end tests need Chromium (${DEFAULT_CHROMIUM} or ${FULL_CHROMIUM}) and neither is installed.\n` +
      `Install it with:\n` +
      `  sudo apt-get install chromium-headless-shell chromium\n` +
      `or set CHROMIUM_PATH to an existing Chromium executable, then run npm test again.`,
  );
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// (b), (c), (e): npm scripts. Typecheck and lint count as one test each; the build is not a
// test, but a failed build counts as one failure (the browser tests would run a stale build).

async function commandStep(
  title: string,
  name: string,
  countsAs: 'test' | 'failure-only',
): Promise<void> {
  header(title);
  const code = await run('npm', ['run', name]);
  results.push({
    name,
    passed: code === 0 && countsAs === 'test' ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    note:
      code !== 0
        ? `exited with code ${code}`
        : countsAs === 'failure-only'
          ? 'built; not counted as a test'
          : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// (d) Vitest

interface VitestReport {
  testResults?: Array<{
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{ status?: string; fullName?: string; failureMessages?: string[] }>;
  }>;
}

/** The first non-empty line of an error message, cut to one readable line. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  const plain = stripVTControlCharacters(line).trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

function vitestFailures(report: VitestReport): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '?');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed) {
      failures.push(`${where} › ${test.fullName ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failed.length === 0) {
      failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return failures;
}

function countVitest(report: VitestReport): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults ?? []) {
    let failedHere = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') failedHere += 1;
      else counts.skipped += 1; // pending, skipped, todo, disabled
    }
    // A file that failed to load, or whose hooks failed, without a failing test of its own.
    if (file.status === 'failed' && failedHere === 0) failedHere = 1;
    counts.failed += failedHere;
  }
  return counts;
}

async function vitestStep(): Promise<void> {
  header('API tests (Vitest)');
  const output = path.join(reportDir, 'vitest.json');
  const code = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${output}`,
  ]);
  const report = readJson(output) as VitestReport | undefined;
  if (!report) {
    results.push({
      name: 'vitest',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `no JSON report (exit code ${code})`,
    });
    return;
  }
  results.push({
    name: 'vitest',
    ...withExitCode(countVitest(report), code, 'vitest'),
    failures: vitestFailures(report),
  });
}

// ---------------------------------------------------------------------------------------------
// (f) Playwright

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: Array<{
    title?: string;
    line?: number;
    tests?: Array<{
      status?: string;
      results?: Array<{ error?: { message?: string } }>;
    }>;
  }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: Array<{ message?: string }>;
  suites?: PlaywrightSuite[];
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite, file: string | undefined): void => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push(
          `e2e/${here ?? '?'}:${spec.line ?? '?'} › ${spec.title ?? '?'}: ${firstLine(last?.error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, undefined);
  for (const error of report.errors ?? []) failures.push(firstLine(error.message));
  return failures;
}

function countPlaywright(report: PlaywrightReport): Counts {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    // Errors outside tests: a spec file that failed to load, a web server that did not start, ...
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

async function playwrightStep(chromium: string | undefined): Promise<void> {
  header('End-to-end tests (Playwright)');
  if (!chromium) {
    console.error('Skipped: Chromium is not available (see the first step).');
    results.push({
      name: 'playwright',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'not run: Chromium is missing',
    });
    return;
  }
  const output = path.join(reportDir, 'playwright.json');
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
    CHROMIUM_PATH: chromium,
  });
  const report = readJson(output) as PlaywrightReport | undefined;
  if (!report) {
    results.push({
      name: 'playwright',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `no JSON report (exit code ${code})`,
    });
    return;
  }
  results.push({
    name: 'playwright',
    ...withExitCode(countPlaywright(report), code, 'playwright'),
    failures: playwrightFailures(report),
  });
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const chromium = await ensureChromium();
  await commandStep('Typecheck (tsc)', 'typecheck', 'test');
  await commandStep('Lint (eslint + prettier)', 'lint', 'test');
  await vitestStep();
  await commandStep('Build (vite + pre-render)', 'build', 'failure-only');
  await playwrightStep(chromium);

  const total = results.reduce<Counts>(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );

  console.log(`\n${'='.repeat(72)}\n== Summary\n${'='.repeat(72)}`);
  for (const r of results) {
    const status = r.failed > 0 ? 'FAIL' : 'ok  ';
    const skipped = r.skipped > 0 ? `, ${r.skipped} skipped` : '';
    const note = r.note ? `  (${r.note})` : '';
    console.log(
      `${status} ${r.name.padEnd(11)} ${r.passed} passed, ${r.failed} failed${skipped}${note}`,
    );
    for (const failure of r.failures ?? []) console.log(`       ✗ ${failure}`);
  }
  if (total.passed + total.failed === 0) console.log('No tests ran.');
  console.log(
    `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
  );
  return total.failed > 0 || total.passed + total.failed === 0 ? 1 : 0;
}

main()
  .then((code) => {
    rmSync(reportDir, { recursive: true, force: true });
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    rmSync(reportDir, { recursive: true, force: true });
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  });
