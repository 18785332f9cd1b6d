/**
 * `npm run bench:load -- --scale small|large [--connections 50] [--duration 10]`: requests per
 * second, p50/p95/p99 latency and failures of the hot endpoints with signed-in sessions of many
 * different practices and professionals, against the synthetic market (bench:seed), then a mixed
 * workload; with three baselines on the same engine (a route that does nothing, one that reads a
 * row by primary key, one that writes a row in a transaction): reads are read as ratios to the
 * one-row read, writes to the one-row write. PostgreSQL when DATABASE_URL is set, else PGlite.
 * Loopback only, bounded in time.
 *
 * The server runs as it ships, its scheduled jobs on (every 15 s, whatever JOBS_POLL_MS this
 * shell has); `--jobs off` runs it without them, an experiment labelled so in the results.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketDataDir, marketScales, seedMarket } from './seed-market';
import { runLoad, type LoadResult, type LoadSample } from './support/run-load';
import { prepareMarketWorkload } from './support/market-workload';
import { prepareMarketFixtures } from './support/write-fixtures';
import { startProduct } from './support/start-product';
import { recreateAsCopyOf } from './support/fresh-copy';
import { jobsShareMarkdown, startJobsShare } from './support/jobs-share';
import { eventLoopCell, type EventLoopDelay } from './support/event-loop';
import { keptAnswersMarkdown } from './support/kept-answer-counts';
import {
  serverWaitsMarkdown,
  startRunMeasures,
  type RunCpu,
  type RunMeasures,
} from './support/server-waits';
import type { KeptAnswerCounts } from '../src/server/services/kept-answers';
import type { ServerWaits } from '../src/server/routes/bench/server-waits';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4390' },
    sessions: { type: 'string', default: '40' },
    label: { type: 'string', default: '' },
    /** Rows made for each professional session per write that acts on one row (write-fixtures.ts). */
    fixtures: { type: 'string', default: '60' },
    /** Only the endpoints whose names contain one of these (comma-separated), with the baselines. */
    only: { type: 'string', default: '' },
    /**
     * PostgreSQL: first make DATABASE_URL's database again as a copy of this one (the market as
     * seeded), so runs do not measure what earlier runs wrote (bench/README.md, session 16).
     */
    'copy-of': { type: 'string', default: '' },
    /** 'off': the server runs no scheduled job (JOBS_POLL_MS=0): an experiment, not a result. */
    jobs: { type: 'string', default: 'on' },
  },
});
const jobsOn = values.jobs !== 'off';
/** The machine's load average (1, 5, 15 min) as the benchmark starts. */
const loadBefore = os.loadavg();
// As shipped: the product's own job schedule, whatever this shell says.
delete process.env.JOBS_POLL_MS;
console.log(
  jobsOn
    ? "Scheduled jobs ON (the product's schedule, as shipped)."
    : 'Scheduled jobs OFF (JOBS_POLL_MS=0): an experiment, not an as-shipped result.',
);
const only = values
  .only!.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const measured = (name: string) =>
  only.length === 0 || name.startsWith('baseline') || only.some((part) => name.includes(part));
const scale = values.scale!;
const connections = Number(values.connections);
const duration = Number(values.duration);
// As many practice sessions as asked, at most one per practice of the market.
const sessions = Math.min(Number(values.sessions), marketScales[scale]?.practices ?? Infinity);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

if (values['copy-of']) {
  if (engine !== 'postgres') throw new Error('--copy-of needs DATABASE_URL (PostgreSQL)');
  await recreateAsCopyOf(process.env.DATABASE_URL!, values['copy-of']);
}
await seedMarket(scale);
const fixtures = await prepareMarketFixtures(scale, sessions, Number(values.fixtures));
const product = await startProduct(
  Number(values.port),
  { BENCH_ROUTES: 'true', DEMO_DATA: 'false', ...(jobsOn ? {} : { JOBS_POLL_MS: '0' }) },
  engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {},
);
const base = product.url;
// The jobs' share of the machine as they run beside the load (PostgreSQL: from its backends).
const jobsShare =
  engine === 'postgres' && jobsOn ? await startJobsShare(process.env.DATABASE_URL!) : undefined;

try {
  const workload = await prepareMarketWorkload({ base, engine, scale, sessions, fixtures });
  const { endpoints } = workload;
  // One request of each first, so a refused one shows why instead of only counting as failed.
  for (const refusal of await workload.probe()) console.warn(refusal);
  // The jobs' first pass works off what a start finds (a fresh copy's backlog: `bench:cold`
  // measures that minute); the runs begin once it is done, as on a server that has been up.
  const firstPassSeconds = await jobsShare?.firstPassDone();
  if (firstPassSeconds !== undefined) {
    console.log(`The scheduled jobs' first pass was done after ${firstPassSeconds} s more.`);
  }

  const results: LoadResult[] = [];
  // Service time without queueing: each endpoint over one connection (a write first, for at
  // most 200 requests, before its rows are used up under load).
  const alone: Record<string, LoadResult> = {};
  // How long the server's thread kept its callbacks waiting during each run (jobs included).
  const eventLoop: Record<string, EventLoopDelay> = {};
  // What the kept answers did during each run (read from memory, computed, dropped).
  const keptAnswers: Array<[string, KeptAnswerCounts]> = [];
  // Where the run's requests waited inside the server, and the CPU it took.
  const waits: Array<{ name: string; waits: ServerWaits; cpu: RunCpu }> = [];
  const recordMeasures = (name: string, m: RunMeasures) => {
    eventLoop[name] = m.eventLoop;
    keptAnswers.push([name, m.keptAnswers]);
    waits.push({ name, waits: m.waits, cpu: m.cpu });
  };
  const common = { baseUrl: base, connections, durationSeconds: duration };
  for (const [name, next] of Object.entries(endpoints)) {
    if (!measured(name)) continue;
    const isWrite = workload.isWrite(name);
    const left = workload.left(name);
    if (isWrite && left !== 0) {
      const amount = Math.min(200, left ?? 200);
      alone[name] = await runLoad({ ...common, connections: 1, name, next, amount });
    }
    // A write that acts on one row each: the run ends when its rows are used up.
    const amount = workload.left(name);
    if (amount === 0) continue;
    // Announced, so a profiler beside the run (pg_stat_statements, top) can start with it.
    console.log(`${name}: ${connections} connections begin.`);
    jobsShare?.window(name);
    const measures = await startRunMeasures(base, product.pid);
    const result = await runLoad({ ...common, name, next, amount });
    recordMeasures(name, await measures());
    jobsShare?.pause();
    results.push(result);
    const notes = amount !== undefined ? [`${amount} rows to act on`] : [];
    if (isWrite) {
      // Sustained only if its after-commit work keeps up: the time the workers still needed
      // after the last answer counts (and the next endpoint starts on an empty queue).
      const drainSeconds = await afterCommitWorkDone(base);
      const workedSeconds = result.requests / result.requestsPerSecond + drainSeconds;
      result.afterCommitSeconds = drainSeconds;
      result.withAfterCommitPerSecond = Math.round(result.requests / workedSeconds);
      notes.push(
        `after-commit work done ${drainSeconds.toFixed(1)} s after the last answer: ${result.withAfterCommitPerSecond} req/s with it`,
      );
    }
    if (notes.length > 0) result.note = notes.join('; ');
  }
  // The mixed workload: every endpoint in turn (the one-row writes while rows are left).
  // Its requests are also counted per endpoint: which of them the mix waits on.
  const mixSamples: LoadSample[] = [];
  if (measured('mixed workload')) {
    await backlogDone(base);
    jobsShare?.window('mixed workload');
    const measures = await startRunMeasures(base, product.pid);
    results.push(
      await runLoad({
        ...common,
        name: 'mixed workload',
        next: workload.mixed,
        onSample: (sample) => mixSamples.push(sample),
      }),
    );
    recordMeasures('mixed workload', await measures());
    jobsShare?.pause();
  }
  for (const [name, next] of Object.entries(endpoints)) {
    if (workload.isWrite(name) || !measured(name)) continue;
    alone[name] = await runLoad({ ...common, connections: 1, durationSeconds: 3, name, next });
  }

  const jobs = await jobsShare?.stop();
  const baseline = results.find((r) => r.name === 'baseline: one row by primary key')!;
  const writeBaseline = results.find((r) => r.name === 'baseline: one row written');
  const ratio = (r: LoadResult, to: LoadResult | undefined) =>
    to ? Math.round((r.requestsPerSecond / to.requestsPerSecond) * 100) / 100 : null;
  const rows = results.map((r) => ({
    ...r,
    aloneP50: alone[r.name]?.p50 ?? null,
    aloneP95: alone[r.name]?.p95 ?? null,
    eventLoop: eventLoop[r.name] ?? null,
    ratioToRowBaseline: ratio(r, baseline)!,
    // Writes (and the write baseline itself) against the one-row write.
    ratioToWriteBaseline:
      workload.isWrite(r.name) || r === writeBaseline ? ratio(r, writeBaseline) : null,
  }));
  const title = `Load: ${engine}, scale ${scale}, ${connections} connections, ${duration} s each${jobsOn ? ', scheduled jobs on (as shipped)' : ', scheduled jobs OFF (an experiment)'}`;
  const loads = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
  const machine = `${os.cpus().length} cores, load average ${loads(loadBefore)} before the run and ${loads(os.loadavg())} at the end`;
  const table = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ${workload.practiceSessions} practice and ${workload.professionalSessions} professional sessions; ${machine}.${firstPassSeconds !== undefined ? ` The runs began once the scheduled jobs' first pass after the start was done (${firstPassSeconds} s after the sessions were ready); the jobs then ran on their schedule throughout.` : ''}`,
    '',
    `Latencies at ${connections} connections queue behind each other (closed loop: a connection sends its next request when the previous one is answered); "alone" is the same endpoint over one connection for 3 s, its service time without queueing; "event loop" is how long the server's thread kept a callback waiting during the run (99th percentile / longest, ms; the jobs' work included): a long one holds every request.`,
    '',
    `| endpoint | req/s | ratio to one-row read | ratio to one-row write | p50 ms | p95 ms | p99 ms | requests | failed | alone p50 ms | alone p95 ms | event loop p99 / max ms |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratioToRowBaseline.toFixed(2)} | ${r.ratioToWriteBaseline?.toFixed(2) ?? '—'} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.failed}${r.note ? ` (${r.note})` : ''} | ${r.aloneP50 ?? '—'} | ${r.aloneP95 ?? '—'} | ${eventLoopCell(r.eventLoop ?? undefined)} |`,
    ),
    '',
    ...mixBreakdown(mixSamples),
    '',
    ...serverWaitsMarkdown(waits),
    '',
    ...keptAnswersMarkdown(keptAnswers),
    '',
    ...(jobs ? jobsShareMarkdown(jobs) : []),
  ].join('\n');
  const file = path.join(
    'bench',
    'results',
    `load-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
  );
  writeFileSync(`${file}.md`, table);
  writeFileSync(
    `${file}.json`,
    JSON.stringify(
      {
        engine,
        scale,
        connections,
        duration,
        jobsOn,
        machine,
        rows,
        keptAnswers: Object.fromEntries(keptAnswers),
        serverWaits: waits,
        jobsShare: jobs,
      },
      null,
      2,
    ),
  );
  console.log(table);
} finally {
  await jobsShare?.stop();
  await product.stop();
}

/**
 * Waits (up to 5 minutes) until the work the runs before left to be done after their commits
 * (notices, reach counts, e-mails, pushes, texts) is done, so the mix is measured with its own
 * background work only; or until it stops shrinking for 10 s (a queue whose worker does not run
 * in this server, such as reach counts with JOBS_POLL_MS=0).
 */
async function backlogDone(baseUrl: string): Promise<void> {
  const started = Date.now();
  let smallest = Infinity;
  let shrunkAt = started;
  for (;;) {
    const backlog = (await (await fetch(`${baseUrl}/api/bench/backlog`)).json()) as Record<
      string,
      number
    >;
    const total = Object.values(backlog).reduce((sum, count) => sum + count, 0);
    if (total < smallest) {
      smallest = total;
      shrunkAt = Date.now();
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    if (total === 0 || Date.now() - shrunkAt >= 10_000 || seconds >= 300) {
      console.log(`Backlog after ${seconds} s: ${JSON.stringify(backlog)}; the mix begins.`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * Seconds until the notices, e-mails, pushes and texts that the writes so far queued are all
 * done by the server's workers (at most 120 s; polled every 200 ms). Reach counts are left out:
 * a scheduled job counts them, not a worker (and none runs with JOBS_POLL_MS=0).
 */
async function afterCommitWorkDone(baseUrl: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const backlog = (await (await fetch(`${baseUrl}/api/bench/backlog`)).json()) as Record<
      string,
      number
    >;
    const left = backlog.notices! + backlog.emails! + backlog.pushes! + backlog.texts!;
    const seconds = (Date.now() - started) / 1000;
    if (left === 0 || seconds >= 120) return Math.round(seconds * 10) / 10;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The mixed workload's requests per endpoint: how many, their latencies, the time they took. */
function mixBreakdown(samples: LoadSample[]): string[] {
  if (samples.length === 0) return [];
  const total = samples.reduce((sum, s) => sum + s.latencyMs, 0);
  const names = [...new Set(samples.map((s) => s.label))];
  const rows = names.map((name) => {
    const mine = samples.filter((s) => s.label === name);
    const sorted = mine.map((s) => s.latencyMs).sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
    const spent = mine.reduce((sum, s) => sum + s.latencyMs, 0);
    // Refused or timed out; one the run's end cut off is no failure (run-load.ts).
    const failed = mine.filter((s) => s.timedOut || (s.status !== null && s.status >= 400)).length;
    return `| ${name} | ${mine.length} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${((100 * spent) / total).toFixed(0)} % | ${failed} |`;
  });
  return [
    'The mixed workload per endpoint (each request in turn; its share of the time the connections waited):',
    '',
    '| endpoint | requests | p50 ms | p95 ms | share of waiting | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ];
}
