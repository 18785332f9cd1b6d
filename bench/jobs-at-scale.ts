/**
 * `npm run bench:jobs -- --scale xl [--runs 2]`: how long one run of each scheduled job takes on
 * the synthetic market (bench:seed) in PostgreSQL (DATABASE_URL), each job alone, in the order a
 * pass runs them, `--runs` times (the first run of a freshly seeded market does the most work:
 * the backlog a restart would find). Issue 19's aim: each finishes a run in under 60 s at xl.
 * The jobs do their real work (invoices, approvals, reminders…) as the product's scheduler would,
 * through the sandbox payment provider. Results: bench/results/jobs-<engine>-<scale>[-label].md
 * and .json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { scheduledJobList } from '../src/server/jobs/jobs';
import type { JobResult } from '../src/server/jobs/scheduled-job';
import { createLogger } from '../src/server/logger';
import { createSandboxPaymentProvider } from '../src/server/payments/sandbox-payment-provider';
import { BENCH_AUTH_SECRET } from './support/start-product';
import { systemClock } from '../src/server/clock';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'xl' },
    runs: { type: 'string', default: '2' },
    label: { type: 'string', default: '' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:jobs measures PostgreSQL: set DATABASE_URL to a seeded market');

const AIM_MS = 60_000;
const handle = await openDatabase({ url, poolSize: 3 });
await handle.migrate();
const ctx = {
  db: handle.db,
  env: { publicUrl: 'http://localhost:3000', authSecret: BENCH_AUTH_SECRET },
  logger: createLogger('warn'),
  payments: createSandboxPaymentProvider(),
  clock: systemClock,
};

interface JobRun {
  job: string;
  run: number;
  ms: number;
  result: JobResult | null;
  error: string | null;
}
const runs: JobRun[] = [];
try {
  for (let run = 1; run <= Number(values.runs); run += 1) {
    for (const job of scheduledJobList) {
      const started = performance.now();
      let result: JobResult | null = null;
      let error: string | null = null;
      try {
        result = await job.run(ctx, new Date());
      } catch (caught) {
        error = String(caught).slice(0, 300);
      }
      const ms = Math.round(performance.now() - started);
      runs.push({ job: job.name, run, ms, result, error });
      console.log(`run ${run} ${job.name}: ${ms} ms ${error ?? JSON.stringify(result)}`);
    }
  }
} finally {
  await handle.close();
}

const database = new URL(url).pathname.slice(1);
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const longest = Math.max(...runs.map((r) => r.ms));
const table = [
  `# Scheduled jobs: postgres, scale ${values.scale} (${database})`,
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; each job alone, in a pass's order, ${values.runs} times; ${os.cpus().length} cores, load average ${load} at the end. Aim: each run under ${AIM_MS / 1000} s — ${longest < AIM_MS ? 'met' : 'not met'} (longest ${(longest / 1000).toFixed(1)} s).`,
  '',
  '| job | run | seconds | what it did |',
  '| --- | ---: | ---: | --- |',
  ...runs.map(
    (r) =>
      `| ${r.job} | ${r.run} | ${(r.ms / 1000).toFixed(2)} | ${r.error ? `failed: ${r.error.replace(/\|/g, '\\|')}` : JSON.stringify(r.result)} |`,
  ),
  '',
].join('\n');
const file = path.join(
  'bench',
  'results',
  `jobs-postgres-${values.scale}${values.label ? `-${values.label}` : ''}`,
);
writeFileSync(`${file}.md`, table);
writeFileSync(`${file}.json`, JSON.stringify({ scale: values.scale, database, runs }, null, 2));
console.log(table);
