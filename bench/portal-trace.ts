/**
 * Where a portal page's main-thread time goes on its first load (not a test, not a score): loads
 * portal pages of signed-in users in Debian's Chromium with the CPU slowed down (4 × by default,
 * as Lighthouse's mobile run assumes; network not throttled), records a Chromium trace, and
 * prints, per run, the first contentful paint, the last largest-contentful-paint candidate, the
 * blocking time of the tasks after the first contentful paint (each task's time over 50 ms, as
 * Lighthouse's TBT counts it) and every long task (> 50 ms) with what it spent its time on
 * (script evaluation by file, a React render, style, layout, paint, garbage collection).
 * Steadier than Lighthouse's score on a busy machine: the long tasks are counted, not simulated.
 * `--cpu 1 --multiplier 4` counts as Lighthouse's simulated run does: the page loads at full speed
 * and each task's time is multiplied by 4 before it is compared with 50 ms.
 *
 * The data (demo data and the practice with 500 shifts) is seeded once into `--data-dir` (kept for
 * the next run). Run `npm run build` first.
 *
 *   node --import tsx bench/portal-trace.ts [--data-dir /tmp/portal-trace-data] [--port 4452]
 *     [--runs 3] [--cpu 4] [--multiplier 1] [--only staffing-requests,find-shifts] [--details]
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/db/seed/demo-data';
import { chromiumArgs, FULL_CHROMIUM } from '../e2e/support/browser';
import { sessionCookies } from './support/sign-in';
import { startProduct } from './support/start-product';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: '/tmp/portal-trace-data' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4452' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    multiplier: { type: 'string', default: '1' },
    only: { type: 'string' },
    details: { type: 'boolean', default: false },
    raw: { type: 'boolean', default: false },
  },
});

const dataDir = args['data-dir'];
const busyEmailFile = path.join(dataDir, 'busy-practice-email');
const { readFileSync, writeFileSync } = await import('node:fs');
if (!existsSync(busyEmailFile)) {
  mkdirSync(dataDir, { recursive: true });
  console.log(`Seeding ${dataDir} (about a minute)...`);
  const { seedPortalBenchData } = await import('./support/portal-bench-data');
  const busy = await seedPortalBenchData(dataDir);
  writeFileSync(busyEmailFile, busy.email);
}
const busyEmail = readFileSync(busyEmailFile, 'utf8').trim();

const practice = { email: demoAccounts[0].email, audience: 'practice' as const };
const busyPractice = { email: busyEmail, audience: 'practice' as const };
const hygienist = { email: demoAccounts[1].email, audience: 'professional' as const };
const pages = [
  { path: '/practice-portal', account: practice },
  { path: '/practice-portal/staffing-requests', account: busyPractice },
  { path: '/hygienist-portal/find-shifts', account: hygienist },
  { path: '/hygienist-portal/profile', account: hygienist },
  { path: '/practice-portal/billing', account: practice },
  { path: '/hygienist-portal/earnings', account: hygienist },
  { path: '/practice-portal/messages', account: practice },
  { path: '/hygienist-portal/messages', account: hygienist },
].filter((page) => !args.only || args.only.split(',').some((word) => page.path.endsWith(word)));

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; frame?: string };
}

/** What a slice of a task is spent on, named for reading (a script's file, or the kind of work). */
function label(event: TraceEvent): string | undefined {
  const data = event.args?.data ?? {};
  const file = (url: unknown) => (typeof url === 'string' && url ? path.basename(url) : '');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${file(data.url) || 'script'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'CompileScript':
      return `compile ${file(data.url) || file((event.args as { fileName?: string })?.fileName)}`;
    case 'FunctionCall':
      return `call ${file(data.url)}${data.functionName ? ` ${String(data.functionName)}` : ''}`;
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'Commit':
      return 'paint';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GCScavenger':
    case 'V8.GCFinalizeMC':
      return 'GC';
    default:
      return undefined;
  }
}

async function tracePage(browser: Browser, url: string, cookie: string, cpu: number) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  await client.send('Network.setExtraHTTPHeaders', { headers: { Cookie: cookie } });
  await client.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.tracing.start({
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  });
  // The page keeps its live-updates stream open (never network-idle): the load event, then time
  // for the reads and the slowed-down renders that follow it.
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const buffer = await page.tracing.stop();
  await context.close();
  const { traceEvents } = JSON.parse(Buffer.from(buffer!).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  return summarise(traceEvents);
}

function summarise(events: TraceEvent[]) {
  // The page's own navigation: Chromium 156 also records one for the new tab's about:blank (empty
  // documentLoaderURL), in another renderer, which left the first paint unfound (FCP undefined).
  const navigation = events.find((e) => {
    const data = e.args?.data as { isLoadingMainFrame?: boolean; documentLoaderURL?: string };
    return (
      e.name === 'navigationStart' &&
      data?.isLoadingMainFrame &&
      String(data.documentLoaderURL ?? '').startsWith('http')
    );
  });
  const pid = navigation?.pid ?? events.find((e) => e.name === 'firstContentfulPaint')?.pid;
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const t0 = navigation?.ts ?? 0;
  const ms = (ts: number) => Math.round((ts - t0) / 1000);
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint' && e.ts >= t0);
  const lcps = events.filter(
    (e) => e.pid === pid && e.name === 'largestContentfulPaint::Candidate',
  );
  const lcp = lcps.at(-1);
  const onMain = events.filter((e) => e.pid === pid && e.tid === main?.tid && e.ph === 'X');
  const allTasks = onMain.filter(
    (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur,
  );
  // Chromium nests one kind of task event in the other: only the outermost is a task.
  const tasks = allTasks.filter(
    (task) =>
      !allTasks.some(
        (other) =>
          other !== task &&
          other.ts <= task.ts &&
          other.ts + other.dur! >= task.ts + task.dur! &&
          (other.dur! > task.dur! ||
            other.ts < task.ts ||
            allTasks.indexOf(other) < allTasks.indexOf(task)),
      ),
  );
  const fcpTs = fcp?.ts ?? t0;
  let blocking = 0;
  const long = [];
  const multiplier = Number(args.multiplier);
  for (const task of tasks) {
    const dur = (task.dur! / 1000) * multiplier;
    if (task.ts >= fcpTs && dur > 50) blocking += dur - 50;
    if (dur <= 50) continue;
    const end = task.ts + task.dur!;
    const inside = onMain.filter(
      (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task,
    );
    // Self time per label: a slice's time minus its labelled children's.
    const spent = new Map<string, number>();
    const labelled = inside
      .map((e) => ({ e, name: label(e) }))
      .filter((x): x is { e: TraceEvent; name: string } => x.name !== undefined);
    for (const { e, name } of labelled) {
      const childTime = labelled
        .filter(
          (c) => c.e !== e && c.e.ts >= e.ts && c.e.ts + (c.e.dur ?? 0) <= e.ts + (e.dur ?? 0),
        )
        // only direct labelled children: those not inside another labelled child
        .filter(
          (c, _, all) =>
            !all.some(
              (o) =>
                o.e !== c.e &&
                o.e.ts <= c.e.ts &&
                o.e.ts + (o.e.dur ?? 0) >= c.e.ts + (c.e.dur ?? 0) &&
                (o.e.dur ?? 0) > (c.e.dur ?? 0),
            ),
        )
        .reduce((sum, c) => sum + (c.e.dur ?? 0), 0);
      spent.set(
        name,
        (spent.get(name) ?? 0) + (Math.max(0, (e.dur ?? 0) - childTime) / 1000) * multiplier,
      );
    }
    const parts = [...spent]
      .filter(([, t]) => t >= 3)
      .sort((a, b) => b[1] - a[1])
      .map(([name, t]) => `${name} ${Math.round(t)}`);
    if (args.raw) {
      // Every trace event's total time inside the task, by name (nested ones counted again).
      const byName = new Map<string, number>();
      for (const e of inside)
        byName.set(e.name, (byName.get(e.name) ?? 0) + ((e.dur ?? 0) / 1000) * multiplier);
      parts.push(
        `[${[...byName]
          .filter(([, t]) => t >= 2)
          .sort((a, b) => b[1] - a[1])
          .map(([name, t]) => `${name} ${Math.round(t)}`)
          .join(', ')}]`,
      );
    }
    long.push({ start: ms(task.ts), dur: Math.round(dur), parts, afterFcp: task.ts >= fcpTs });
  }
  return {
    fcp: fcp ? ms(fcp.ts) : undefined,
    lcp: lcp ? ms(lcp.ts) : undefined,
    lcpNode: (lcp?.args?.data as { nodeName?: string; type?: string })?.type,
    blocking: Math.round(blocking),
    long,
  };
}

const product = await startProduct(Number(args.port), { JOBS_POLL_MS: '0' }, { dataDir });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
  headless: true,
  args: chromiumArgs,
});
try {
  const cookieFor = sessionCookies(product.url, DEMO_PASSWORD);
  for (const page of pages) {
    const cookie = await cookieFor(page.account);
    const blockings = [];
    for (let run = 0; run < Number(args.runs); run += 1) {
      const result = await tracePage(
        browser,
        `${product.url}${page.path}`,
        cookie,
        Number(args.cpu),
      );
      blockings.push(result.blocking);
      const longAfter = result.long.filter((t) => t.afterFcp);
      console.log(
        `${page.path} run ${run + 1}: FCP ${result.fcp} ms, LCP ${result.lcp} ms, blocking after FCP ${result.blocking} ms, long tasks ${result.long.length} (${longAfter.length} after FCP): ${result.long.map((t) => t.dur).join(', ')}`,
      );
      if (args.details)
        for (const task of result.long)
          console.log(`    @${task.start} ${task.dur} ms: ${task.parts.join(', ')}`);
    }
    const sorted = [...blockings].sort((a, b) => a - b);
    console.log(
      `${page.path}: median blocking after FCP ${sorted[Math.floor(sorted.length / 2)]} ms`,
    );
  }
} finally {
  await browser.close();
  await product.stop();
}
