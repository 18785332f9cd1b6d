import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, FULL_CHROMIUM } from '../../e2e/support/browser';
import { mainThreadFigures, type MainThreadFigures } from './main-thread';

/** One script the page loaded, as Lighthouse saw it on the network. */
export interface LoadedScript {
  url: string;
  /** Bytes on the wire (compressed as served: Brotli for Chromium). */
  transferBytes: number;
  /** Uncompressed size. */
  resourceBytes: number;
}

/** One Lighthouse run: its score, and the conditions it ran in. */
/** Lighthouse's throttling: simulated from an unthrottled load (its default), or applied (DevTools). */
export type Throttling = 'simulate' | 'devtools';

export interface RunConditions {
  performance: number;
  totalBlockingTimeMs: number;
  /** Lighthouse's measure of the machine's speed, taken before the run (higher is faster). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average as the run started. */
  loadAverage1m: number;
  /** The page's main thread in the run's trace (support/main-thread.ts). */
  mainThread?: MainThreadFigures;
}

export interface PageScore {
  url: string;
  /** The browser Lighthouse drove, as it names itself (`/json/version`), e.g. Chrome/156.0.8078.108. */
  browserVersion: string;
  /** Median of the runs' benchmarkIndex. */
  benchmarkIndex: number;
  /** Every run, in order. */
  runDetails: RunConditions[];
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  /** Script bytes transferred on first load (compressed as served). */
  scriptTransferBytes: number;
  /** Every script loaded on first load, with its size. */
  scripts: LoadedScript[];
  /** How many Lighthouse runs the figures are the median of. */
  runs: number;
}

type RunResult = Omit<PageScore, 'runs' | 'browserVersion' | 'benchmarkIndex' | 'runDetails'> & {
  conditions: RunConditions;
};

/** The browser tests' flags (e2e/support/browser.ts), in the full Chromium's new headless mode. */
const chromeFlags = ['--headless=new', ...chromiumArgs];

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 1000) / 1000;
}

/** One Lighthouse run's figures (scores 0-100, times in ms). */
async function runOnce(
  url: string,
  port: number,
  extraHeaders: Record<string, string> | undefined,
  throttling: Throttling,
): Promise<RunResult> {
  const loadAverage1m = Math.round(loadavg()[0]! * 100) / 100;
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    extraHeaders,
    throttlingMethod: throttling,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
  // BENCH_LHR_DIR: every run's whole Lighthouse report is kept there (the LCP element, the long
  // tasks, the network's waterfall), named by the page's path and the time of the run.
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)
      ?.items ?? [];
  const scripts = requests
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({
      url: item.url,
      transferBytes: item.transferSize ?? 0,
      resourceBytes: item.resourceSize ?? 0,
    }));
  const trace = (artifacts as { Trace?: { traceEvents: unknown[] } }).Trace;
  return {
    url,
    conditions: {
      performance: score('performance'),
      totalBlockingTimeMs: Math.round(numeric('total-blocking-time')),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      loadAverage1m,
      mainThread: trace
        ? mainThreadFigures(trace.traceEvents as Parameters<typeof mainThreadFigures>[0])
        : undefined,
    },
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(numeric('total-blocking-time')),
    cumulativeLayoutShift: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(numeric('speed-index')),
    scriptTransferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
    scripts,
  };
}

/**
 * Chromium sometimes loses the page load's trace (Lighthouse's NO_NAVSTART, about one run in
 * ten here): that run measured nothing, so it is run again (up to two more times).
 */
async function runRecorded(
  url: string,
  port: number,
  extraHeaders: Record<string, string> | undefined,
  throttling: Throttling,
): Promise<RunResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, port, extraHeaders, throttling);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.warn(`Lighthouse lost the trace of ${url} (NO_NAVSTART); running it again`);
    }
  }
}

/**
 * Lighthouse with its default (mobile) configuration, in Debian's Chromium: each URL `runs`
 * times, reporting the median of every figure (scores vary from run to run on a busy machine).
 * The scripts listed are those of the run with the median Performance score.
 */
export async function runLighthouse(
  urls: string[],
  extraHeaders?: Record<string, string>,
  options: { runs?: number; throttling?: Throttling } = {},
): Promise<PageScore[]> {
  const runs = Math.max(1, options.runs ?? 1);
  const throttling = options.throttling ?? 'simulate';
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    chromeFlags,
  });
  const scores: PageScore[] = [];
  try {
    // The browser's own version (the user agent Lighthouse reports is reduced to 156.0.0.0).
    const version = (await (
      await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    ).json()) as {
      Browser: string;
    };
    for (const url of urls) {
      const results: RunResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await runRecorded(url, chrome.port, extraHeaders, throttling));
      }
      const pick = (key: keyof Omit<RunResult, 'url' | 'scripts' | 'conditions'>) =>
        median(results.map((r) => r[key]));
      const performance = pick('performance');
      const representative = [...results].sort(
        (a, b) => Math.abs(a.performance - performance) - Math.abs(b.performance - performance),
      )[0]!;
      scores.push({
        url,
        browserVersion: version.Browser,
        benchmarkIndex: median(results.map((r) => r.conditions.benchmarkIndex)),
        runDetails: results.map((r) => r.conditions),
        performance,
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        totalBlockingTimeMs: pick('totalBlockingTimeMs'),
        cumulativeLayoutShift: pick('cumulativeLayoutShift'),
        speedIndexMs: pick('speedIndexMs'),
        scriptTransferBytes: representative.scriptTransferBytes,
        scripts: representative.scripts,
        runs,
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
