/**
 * `npm run bench:cold -- --scale small|large [--seconds 60] [--window 10] [--connections 50]`:
 * the first minute of a server started cold (issue 19): nothing kept in its memory, the scheduled
 * jobs on (the product's default poll), BENCH_ROUTES for the one-row baseline. The market's
 * sessions and request lists are prepared first by a server started with the jobs off (its kept
 * answers die with it); then a fresh server is started and, from the moment it answers
 * /api/ready, 50 connections send the workload's read endpoints in turn for a minute. Every
 * request is tagged with its endpoint (run-load.ts `onSample`), so each 10-second window reports
 * req/s, p50/p95/p99 and failures (non-2xx, timeouts) per endpoint. Then, on the same server,
 * now warm: the same mix for 10 s and the one-row baseline for 10 s. On PostgreSQL the
 * database's activity is sampled every second (pg_stat_activity) and the scheduled jobs that ran
 * are read from scheduled_jobs, to tell what the first minute waited on.
 * PostgreSQL when DATABASE_URL is set, else PGlite. Results:
 * bench/results/cold-start-<engine>-<scale>[-label].md and .json. `--jobs off` runs the measured
 * server without its scheduled jobs (a control: what the cold start costs by itself).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { marketDataDir, marketScales, seedMarket } from './seed-market';
import { prepareMarketWorkload } from './support/market-workload';
import { runLoad, type LoadRequest, type LoadResult, type LoadSample } from './support/run-load';
import { startProduct } from './support/start-product';
import { noWriteFixtures } from './support/write-fixtures';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    window: { type: 'string', default: '10' },
    warm: { type: 'string', default: '10' },
    port: { type: 'string', default: '4231' },
    sessions: { type: 'string', default: '40' },
    label: { type: 'string', default: '' },
    /** 'off': the measured server runs no scheduled job (JOBS_POLL_MS=0), to tell their share. */
    jobs: { type: 'string', default: 'on' },
  },
});
const jobsOn = values.jobs !== 'off';
const scale = values.scale!;
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const windowSeconds = Number(values.window);
const warmSeconds = Number(values.warm);
const port = Number(values.port);
const sessions = Math.min(Number(values.sessions), marketScales[scale]?.practices ?? Infinity);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const dataOptions = engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {};
// The measured server runs the product's own job schedule, whatever this shell says.
delete process.env.JOBS_POLL_MS;

const ROW_BASELINE = 'baseline: one row by primary key';
const FIND_SHIFTS = 'Find Shifts board';
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const utc = (date = new Date()) => date.toISOString().slice(11, 19);

console.log(`load average ${loadAverage()} at the start (${utc()} UTC)`);
await seedMarket(scale);

// 1. Sessions and request lists, prepared by a server with the jobs off, then stopped.
const preparing = await startProduct(
  port,
  { JOBS_POLL_MS: '0', BENCH_ROUTES: 'true', DEMO_DATA: 'false' },
  dataOptions,
);
const workload = await (async () => {
  try {
    return await prepareMarketWorkload({
      base: preparing.url,
      engine,
      scale,
      sessions,
      fixtures: noWriteFixtures(),
    });
  } finally {
    await preparing.stop();
  }
})();
// The reads of earlier sessions' cold starts (the page reads are measured by bench/load.ts; a
// practice's conversation needs one written first, which this benchmark does not do).
const readNames = Object.keys(workload.endpoints).filter(
  (name) =>
    !name.startsWith('baseline') &&
    !workload.pageReadNames.includes(name) &&
    !workload.isWrite(name),
);
let readTurn = 0;
const mixedReads = (): LoadRequest => {
  const name = readNames[readTurn++ % readNames.length]!;
  return { ...workload.endpoints[name]!(), label: name };
};
console.log(`read endpoints, mixed in turn: ${readNames.join(', ')}`);

// 2. What the database does meanwhile (PostgreSQL only: PGlite has the server's one connection).
const monitor = engine === 'postgres' ? new pg.Client(process.env.DATABASE_URL) : null;
await monitor?.connect();
const database = monitor
  ? (await monitor.query<{ db: string }>('select current_database() as db')).rows[0]!.db
  : 'pglite';
interface JobRow {
  name: string;
  next_run_at: string | null;
  last_run_at: string | null;
  locked_until: string | null;
  last_error: string | null;
}
const readJobs = async () =>
  monitor
    ? (
        await monitor.query<JobRow>(
          `select name, next_run_at::text, last_run_at::text, locked_until::text, left(last_error, 200) as last_error
           from scheduled_jobs order by name`,
        )
      ).rows
    : [];
const jobsBefore = await readJobs();

interface ActivityRow {
  pid: number;
  /** 'client backend' or 'parallel worker' (then leader_pid is the statement's own backend). */
  backend_type: string;
  leader_pid: number | null;
  state: string | null;
  wait: string | null;
  xact_seconds: number | null;
  query_seconds: number | null;
  query: string;
}
interface Tick {
  at: number;
  serverCpuPercent: number | null;
  loadAverage1: number;
  activity: ActivityRow[];
}
const ticks: Tick[] = [];
const cpuTicks = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
  } catch {
    return null;
  }
};
const CLOCK_TICKS = 100;

// 3. The cold server: jobs on (the product's default) unless --jobs off, nothing kept.
const spawnedAt = performance.now();
const spawnedAtUtc = utc();
const product = await startProduct(
  port,
  { BENCH_ROUTES: 'true', DEMO_DATA: 'false', ...(jobsOn ? {} : { JOBS_POLL_MS: '0' }) },
  dataOptions,
);
const readyAt = performance.now();
const readyAtUtc = utc();
const loadAtReady = loadAverage();
console.log(
  `ready ${((readyAt - spawnedAt) / 1000).toFixed(1)} s after the start (${readyAtUtc} UTC), load average ${loadAtReady}`,
);

let sampling = true;
const sampler = (async () => {
  let lastCpu = cpuTicks(product.pid);
  let lastAt = performance.now();
  while (sampling) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = performance.now();
    const cpu = cpuTicks(product.pid);
    const serverCpuPercent =
      cpu === null || lastCpu === null
        ? null
        : Math.round(((cpu - lastCpu) / CLOCK_TICKS / ((now - lastAt) / 1000)) * 100);
    lastCpu = cpu;
    lastAt = now;
    let activity: ActivityRow[] = [];
    if (monitor) {
      try {
        activity = (
          await monitor.query<ActivityRow>(
            `select pid, backend_type, leader_pid, state, wait_event_type || ':' || wait_event as wait,
               extract(epoch from now() - xact_start)::float8 as xact_seconds,
               extract(epoch from now() - query_start)::float8 as query_seconds,
               left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
             from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid() and state is distinct from 'idle'`,
            [database],
          )
        ).rows;
      } catch (error) {
        console.warn('pg_stat_activity sample failed', error);
      }
    }
    ticks.push({ at: now - readyAt, serverCpuPercent, loadAverage1: os.loadavg()[0]!, activity });
  }
})();

const samples: LoadSample[] = [];
let cold: LoadResult;
let warm: LoadResult;
let baseline: LoadResult;
const warmSamples: LoadSample[] = [];
let jobsAfter: JobRow[] = [];
let loadAfterCold = '';
try {
  cold = await runLoad({
    name: `cold: read endpoints in turn, first ${seconds} s`,
    baseUrl: product.url,
    connections,
    durationSeconds: seconds,
    next: mixedReads,
    onSample: (sample) => samples.push(sample),
  });
  loadAfterCold = loadAverage();
  jobsAfter = await readJobs();
  sampling = false;
  await sampler;
  warm = await runLoad({
    name: 'warm: the same mix',
    baseUrl: product.url,
    connections,
    durationSeconds: warmSeconds,
    next: mixedReads,
    onSample: (sample) => warmSamples.push(sample),
  });
  baseline = await runLoad({
    name: ROW_BASELINE,
    baseUrl: product.url,
    connections,
    durationSeconds: warmSeconds,
    next: workload.endpoints[ROW_BASELINE]!,
  });
} finally {
  sampling = false;
  await sampler;
  await product.stop();
  await monitor?.end();
}
const loadAtEnd = loadAverage();

// 4. Figures per window and endpoint.
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}
interface Figures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and requests that timed out. */
  failed: number;
  timedOut: number;
  statusCounts: Record<string, number>;
}
function figures(list: LoadSample[], spanSeconds: number): Figures {
  const answered = list.filter((s) => s.status !== null);
  const latencies = answered.map((s) => s.latencyMs).sort((a, b) => a - b);
  const statusCounts: Record<string, number> = {};
  for (const s of answered) statusCounts[s.status!] = (statusCounts[s.status!] ?? 0) + 1;
  const timedOut = list.filter((s) => s.timedOut).length;
  return {
    requests: answered.length,
    requestsPerSecond: Math.round(answered.length / spanSeconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    failed: answered.filter((s) => s.status! < 200 || s.status! >= 300).length + timedOut,
    timedOut,
    statusCounts,
  };
}
// A request counts in the window it ended in (a timeout: when it timed out); requests the end
// of the run cut off count nowhere.
const windows = Array.from({ length: Math.ceil(seconds / windowSeconds) }, (_, i) => ({
  from: i * windowSeconds,
  to: Math.min(seconds, (i + 1) * windowSeconds),
}));
const windowOf = (s: LoadSample) => {
  const ended = s.sentAt + (s.timedOut ? 10_000 : s.latencyMs) - readyAt;
  return Math.min(windows.length - 1, Math.max(0, Math.floor(ended / 1000 / windowSeconds)));
};
const counted = samples.filter((s) => s.status !== null || s.timedOut);
const byWindow = windows.map((w, i) => {
  const inWindow = counted.filter((s) => windowOf(s) === i);
  const span = w.to - w.from;
  const activity = ticks.filter((t) => t.at >= w.from * 1000 && t.at < w.to * 1000);
  return {
    ...w,
    all: figures(inWindow, span),
    endpoints: Object.fromEntries(
      readNames.map((name) => [
        name,
        figures(
          inWindow.filter((s) => s.label === name),
          span,
        ),
      ]),
    ),
    serverCpuPercent: activity.map((t) => t.serverCpuPercent),
    loadAverage1: activity.at(-1)?.loadAverage1 ?? null,
    activity: summariseActivity(activity),
  };
});
const warmCounted = warmSamples.filter((s) => s.status !== null || s.timedOut);
const warmFigures = {
  all: figures(warmCounted, warmSeconds),
  endpoints: Object.fromEntries(
    readNames.map((name) => [
      name,
      figures(
        warmCounted.filter((s) => s.label === name),
        warmSeconds,
      ),
    ]),
  ),
};

/** The non-idle backends seen in a window's samples: how often each (state, wait, statement). */
function summariseActivity(activity: Tick[]) {
  const seen = new Map<
    string,
    { state: string; wait: string; query: string; samples: number; longestXactSeconds: number }
  >();
  for (const tick of activity) {
    for (const row of tick.activity) {
      const query = row.query.replace(/\$\d+/g, '$n').slice(0, 110);
      const state = `${row.state ?? ''}${row.backend_type === 'parallel worker' ? ' (parallel worker)' : ''}`;
      const key = `${state}|${row.wait ?? ''}|${query}`;
      const entry = seen.get(key) ?? {
        state,
        wait: row.wait ?? '',
        query,
        samples: 0,
        longestXactSeconds: 0,
      };
      entry.samples++;
      entry.longestXactSeconds = Math.max(entry.longestXactSeconds, row.xact_seconds ?? 0);
      seen.set(key, entry);
    }
  }
  return [...seen.values()].sort((a, b) => b.samples - a.samples);
}

const rowRate = baseline.requestsPerSecond;
const ratio = (rate: number) => (rate / rowRate).toFixed(2);
const meets = (f: { all: Figures; endpoints: Record<string, Figures> }) => {
  const misses: string[] = [];
  if (f.all.requestsPerSecond < 0.5 * rowRate) misses.push(`${ratio(f.all.requestsPerSecond)} ×`);
  if (f.all.failed > 0) misses.push(`${f.all.failed} failed`);
  const find = f.endpoints[FIND_SHIFTS];
  if (find && find.p95 >= 50) misses.push(`Find Shifts p95 ${find.p95} ms`);
  return misses.length === 0 ? 'met' : `missed: ${misses.join(', ')}`;
};
// A run finished (last_run_at moved) or under way (a lease taken); a row the server only
// registered (a job new to this database, next_run_at at the epoch) did not run.
const jobsRan = jobsAfter.filter((after) => {
  const before = jobsBefore.find((b) => b.name === after.name);
  return (
    after.last_run_at !== (before?.last_run_at ?? null) ||
    (after.locked_until !== null && after.locked_until !== (before?.locked_until ?? null))
  );
});

const title = `Cold start: ${engine}, scale ${scale}, ${connections} connections, the first ${seconds} s${jobsOn ? '' : ', jobs off'}`;
const esc = (text: string) => text.replace(/\|/g, '\\|');
const out = [
  `# ${title}`,
  '',
  `Server started ${spawnedAtUtc} UTC, ready (answered /api/ready) ${((readyAt - spawnedAt) / 1000).toFixed(1)} s later at ${readyAtUtc} UTC; the read endpoints in turn (${readNames.join(', ')}) with ${workload.practiceSessions} practice and ${workload.professionalSessions} professional sessions from that moment, ${jobsOn ? "scheduled jobs on (the product's default poll)" : 'scheduled jobs OFF (JOBS_POLL_MS=0, a control run)'}, nothing kept in memory. Then, on the same server: the same mix warm for ${warmSeconds} s, then the one-row baseline for ${warmSeconds} s. ${os.cpus().length} cores; load average (1 / 5 / 15 min) ${loadAtReady} at ready, ${loadAfterCold} after the cold minute, ${loadAtEnd} at the end.`,
  '',
  `Aim (issue 19): every read ≥ 0.5 × the one-row baseline's req/s (here the mix of reads as a whole: ${rowRate.toFixed(0)} req/s → at least ${(0.5 * rowRate).toFixed(0)}), no failure, Find Shifts p95 < 50 ms. A request counts in the window it ended in; a timeout (10 s unanswered) in the window it timed out in.`,
  '',
  '| window | req/s | ratio to one-row baseline | p50 ms | p95 ms | p99 ms | max ms | failed | Find Shifts p95 ms | server CPU % (per second) | load average (1 min) | aim |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ...byWindow.map(
    (w) =>
      `| cold ${w.from}–${w.to} s | ${w.all.requestsPerSecond} | ${ratio(w.all.requestsPerSecond)} | ${w.all.p50} | ${w.all.p95} | ${w.all.p99} | ${w.all.max} | ${w.all.failed}${w.all.timedOut ? ` (${w.all.timedOut} timed out)` : ''} | ${w.endpoints[FIND_SHIFTS]?.p95 ?? '—'} | ${w.serverCpuPercent.join(' ')} | ${w.loadAverage1?.toFixed(1) ?? '—'} | ${meets(w)} |`,
  ),
  `| warm, ${warmSeconds} s | ${warmFigures.all.requestsPerSecond} | ${ratio(warmFigures.all.requestsPerSecond)} | ${warmFigures.all.p50} | ${warmFigures.all.p95} | ${warmFigures.all.p99} | ${warmFigures.all.max} | ${warmFigures.all.failed} | ${warmFigures.endpoints[FIND_SHIFTS]?.p95 ?? '—'} | | | ${meets(warmFigures)} |`,
  `| ${ROW_BASELINE}, ${warmSeconds} s | ${rowRate.toFixed(0)} | 1.00 | ${baseline.p50} | ${baseline.p95} | ${baseline.p99} | | ${baseline.failed} | | | | |`,
  '',
  '## Per endpoint',
  '',
  `Each cell: req/s, p50 / p95 / p99 ms, failed. In the mix each endpoint gets 1/${readNames.length} of the requests.`,
  '',
  `| endpoint | ${byWindow.map((w) => `cold ${w.from}–${w.to} s`).join(' | ')} | warm |`,
  `| --- | ${byWindow.map(() => '---').join(' | ')} | --- |`,
  ...readNames.map((name) => {
    const cell = (f: Figures) =>
      `${f.requestsPerSecond}; ${f.p50} / ${f.p95} / ${f.p99}; ${f.failed}${f.timedOut ? ` (${f.timedOut} t/o)` : ''}`;
    return `| ${name} | ${byWindow.map((w) => cell(w.endpoints[name]!)).join(' | ')} | ${cell(warmFigures.endpoints[name]!)} |`;
  }),
  '',
  ...(monitor
    ? [
        '## Scheduled jobs',
        '',
        `Jobs that ran in the cold minute (finished: last_run_at set; still running: a lease held), from \`scheduled_jobs\`:`,
        '',
        '| job | next_run_at | last_run_at | locked_until (lease held: still running) | last_error |',
        '| --- | --- | --- | --- | --- |',
        ...jobsRan.map(
          (j) =>
            `| ${j.name} | ${j.next_run_at ?? ''} | ${j.last_run_at ?? ''} | ${j.locked_until ?? ''} | ${esc(j.last_error ?? '')} |`,
        ),
        '',
        `Not run in the cold minute: ${
          jobsAfter
            .filter((j) => !jobsRan.includes(j))
            .map((j) => j.name)
            .join(', ') || 'none'
        }.`,
        '',
        '## The database meanwhile (pg_stat_activity, sampled every second)',
        '',
        'Non-idle backends of this database per window: how many one-second samples saw each (state, wait event, statement), and the oldest transaction seen.',
        '',
        ...byWindow.flatMap((w) => [
          `### cold ${w.from}–${w.to} s`,
          '',
          '| samples | state | wait | oldest transaction s | statement |',
          '| ---: | --- | --- | ---: | --- |',
          ...w.activity
            .slice(0, 12)
            .map(
              (a) =>
                `| ${a.samples} | ${a.state} | ${a.wait} | ${a.longestXactSeconds.toFixed(1)} | \`${esc(a.query)}\` |`,
            ),
          '',
        ]),
      ]
    : []),
].join('\n');

const file = path.join(
  'bench',
  'results',
  `cold-start-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
);
writeFileSync(`${file}.md`, out);
writeFileSync(
  `${file}.json`,
  JSON.stringify(
    {
      engine,
      scale,
      connections,
      seconds,
      windowSeconds,
      readySeconds: (readyAt - spawnedAt) / 1000,
      readyAtUtc,
      loadAverage: { atReady: loadAtReady, afterCold: loadAfterCold, atEnd: loadAtEnd },
      readEndpoints: readNames,
      windows: byWindow,
      cold,
      warm: { ...warm, ...warmFigures },
      baseline,
      jobsOn,
      jobsBefore,
      jobsAfter,
      ticks,
    },
    null,
    2,
  ),
);
console.log(out);
console.log(`wrote ${file}.md and .json`);
