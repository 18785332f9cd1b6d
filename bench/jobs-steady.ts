/**
 * `npm run bench:jobs-steady -- --scale large [--minutes 5] [--warmup 2] [--copy-of <seed db>]`:
 * the scheduled jobs' share of the machine in their steady state, as the product runs them: the
 * product's scheduler over every job, polled every 15 s (the default JOBS_POLL_MS), resting
 * between jobs as a server does, on the seeded PostgreSQL market (DATABASE_URL), with nothing
 * else running. Each job's CPU is measured as it runs: this process's (process.cpuUsage, the
 * jobs' JavaScript) and PostgreSQL's (/proc/<pid>/stat of the database's backends, utime +
 * stime). The first `--warmup` minutes (a fresh copy's backlog, what a restart finds) are
 * reported apart from the steady minutes. Aim (issue 41): at most 15 % of the two cores in the
 * steady state at large. Results: bench/results/jobs-steady-postgres-<scale>[-label].md / .json.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { scheduledJobList } from '../src/server/jobs/jobs';
import type { JobResult, ScheduledJob } from '../src/server/jobs/scheduled-job';
import { createScheduler } from '../src/server/jobs/scheduler';
import { createLogger } from '../src/server/logger';
import { createSandboxPaymentProvider } from '../src/server/payments/sandbox-payment-provider';
import { recreateAsCopyOf } from './support/fresh-copy';
import { processCpuMsOf } from './support/process-cpu';
import { BENCH_AUTH_SECRET } from './support/start-product';
import { systemClock } from '../src/server/clock';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    minutes: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    label: { type: 'string', default: '' },
    'copy-of': { type: 'string', default: '' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:jobs-steady measures PostgreSQL: set DATABASE_URL');
if (values['copy-of']) await recreateAsCopyOf(url, values['copy-of']);

/** The product's default poll (env.ts: JOBS_POLL_MS). */
const POLL_MS = 15_000;
const AIM_SHARE = 0.15;
const CORES = os.cpus().length;
const database = new URL(url).pathname.slice(1);

/** CPU milliseconds used so far by PostgreSQL's backends of this database, by process id. */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${database} `)) continue;
      const cpu = processCpuMsOf(Number(entry));
      if (cpu !== undefined) used.set(Number(entry), cpu);
    } catch {
      /* gone meanwhile */
    }
  }
  return used;
}

function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface JobRun {
  job: string;
  at: number;
  phase: 'warmup' | 'steady';
  wallMs: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  result: JobResult | null;
}

const handle = await openDatabase({ url, poolSize: 20 });
await handle.migrate();
const ctx = {
  db: handle.db,
  env: { publicUrl: 'http://localhost:3000', authSecret: BENCH_AUTH_SECRET },
  logger: createLogger('warn'),
  payments: createSandboxPaymentProvider(),
  clock: systemClock,
};

const started = performance.now();
const warmupMs = Number(values.warmup) * 60_000;
const steadyMs = Number(values.minutes) * 60_000;
const runs: JobRun[] = [];
// Each job measured as it runs (a pass runs them one after another).
const measured: ScheduledJob[] = scheduledJobList.map((job) => ({
  ...job,
  async run(jobCtx, now) {
    const at = performance.now() - started;
    const cpuBefore = processCpuMs();
    const pgBefore = postgresCpu();
    const result = await job.run(jobCtx, now);
    runs.push({
      job: job.name,
      at,
      phase: at < warmupMs ? 'warmup' : 'steady',
      wallMs: performance.now() - started - at,
      serverCpuMs: processCpuMs() - cpuBefore,
      postgresCpuMs: postgresCpuSince(pgBefore),
      result,
    });
    return result;
  },
}));
const scheduler = createScheduler({ ctx, jobs: measured });

// The whole process and database over the steady minutes, jobs or not (the poll, the rests):
// PostgreSQL's backends sampled every second, so one that ends (the pool lets idle connections
// go) keeps what it used until its last sample.
let steadyFrom: { cpu: number; at: number } | undefined;
let postgresSteadyMs = 0;
let lastSample = postgresCpu();
const sampler = setInterval(() => {
  const sample = postgresCpu();
  if (steadyFrom) {
    for (const [pid, used] of sample) postgresSteadyMs += used - (lastSample.get(pid) ?? 0);
  }
  lastSample = sample;
}, 1000);
setTimeout(() => {
  steadyFrom = { cpu: processCpuMs(), at: performance.now() };
}, warmupMs).unref();
console.log(
  `Jobs on ${database}: ${values.warmup} min warm-up, then ${values.minutes} min steady, polled every ${POLL_MS / 1000} s.`,
);
scheduler.start(POLL_MS);
await new Promise((resolve) => setTimeout(resolve, warmupMs + steadyMs));
// A run in progress at the end is waited for and counted (its job's figures count it too).
await scheduler.stop();
clearInterval(sampler);
for (const [pid, used] of postgresCpu()) postgresSteadyMs += used - (lastSample.get(pid) ?? 0);
const steadyWhole = {
  serverCpuMs: processCpuMs() - steadyFrom!.cpu,
  postgresCpuMs: postgresSteadyMs,
  ms: performance.now() - steadyFrom!.at,
};
await handle.close();

const steadyMinutes = steadyWhole.ms / 60_000;
const share = (cpuMs: number, ms: number) => cpuMs / (ms * CORES);
const perJob = scheduledJobList.map((job) => {
  const mine = runs.filter((r) => r.job === job.name && r.phase === 'steady');
  const sum = (pick: (r: JobRun) => number) => mine.reduce((total, r) => total + pick(r), 0);
  return {
    job: job.name,
    intervalSeconds: job.intervalMs / 1000,
    runs: mine.length,
    wallMsPerMinute: sum((r) => r.wallMs) / steadyMinutes,
    serverCpuMsPerMinute: sum((r) => r.serverCpuMs) / steadyMinutes,
    postgresCpuMsPerMinute: sum((r) => r.postgresCpuMs) / steadyMinutes,
    lastResult: mine.at(-1)?.result ?? null,
  };
});
const jobsCpuPerMinute = perJob.reduce(
  (total, j) => total + j.serverCpuMsPerMinute + j.postgresCpuMsPerMinute,
  0,
);
const wholeShare = share(steadyWhole.serverCpuMs + steadyWhole.postgresCpuMs, steadyWhole.ms);
const jobsShare = share(jobsCpuPerMinute, 60_000);
const warmup = runs.filter((r) => r.phase === 'warmup');
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const ms = (value: number) => value.toFixed(0);
const table = [
  `# Scheduled jobs in their steady state: postgres, scale ${values.scale} (${database})`,
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: the product's scheduler over every job, polled every ${POLL_MS / 1000} s, nothing else running; ${values.warmup} min of warm-up (${warmup.length} job runs, ${ms(warmup.reduce((t, r) => t + r.serverCpuMs + r.postgresCpuMs, 0))} ms of CPU), then ${steadyMinutes.toFixed(1)} min measured. ${CORES} cores, load average ${load} at the end (CPU time is counted per process, so other work on the machine does not add to it).`,
  '',
  `Steady state: the jobs used **${ms(jobsCpuPerMinute)} ms of CPU a minute, ${(jobsShare * 100).toFixed(2)} % of the ${CORES} cores** (this process and the database's backends, the poll and rests included: ${(wholeShare * 100).toFixed(2)} %). Aim at most ${AIM_SHARE * 100} %: ${jobsShare <= AIM_SHARE && wholeShare <= AIM_SHARE ? 'met' : 'not met'}.`,
  '',
  '| job | every | runs | wall ms / min | server CPU ms / min | PostgreSQL CPU ms / min | share of the cores | last run did |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...perJob.map(
    (j) =>
      `| ${j.job} | ${j.intervalSeconds} s | ${j.runs} | ${ms(j.wallMsPerMinute)} | ${ms(j.serverCpuMsPerMinute)} | ${ms(j.postgresCpuMsPerMinute)} | ${(share(j.serverCpuMsPerMinute + j.postgresCpuMsPerMinute, 60_000) * 100).toFixed(2)} % | ${JSON.stringify(j.lastResult)} |`,
  ),
  '',
].join('\n');
const file = path.join(
  'bench',
  'results',
  `jobs-steady-postgres-${values.scale}${values.label ? `-${values.label}` : ''}`,
);
writeFileSync(`${file}.md`, table);
writeFileSync(
  `${file}.json`,
  JSON.stringify(
    { scale: values.scale, database, cores: CORES, load, steadyWhole, perJob, runs },
    null,
    2,
  ),
);
console.log(table);
process.exit(0);
