/**
 * `npm run bench:soak -- [--scale small] [--seconds 60] [--connections 50] [--rate 50]
 * [--copy-of <seed db>] [--label name]`: the load benchmark's mixed workload (every read and write
 * a user makes, in turn) for a minute at the highest rate the machine sustains with no failed
 * request. A 10-second run as fast as answered finds the throughput; then the soak runs at 90% of
 * it, and if any request fails it is repeated at 80% of that rate (at most three soaks).
 * `--rate N` instead holds N requests a second for the whole minute (requests are sent on
 * schedule while fewer than `--connections` are waiting, so the rate does not bend to slow
 * answers): aim (issue 41) at 50 req/s, p99 under 150 ms and no failure. The server runs as it
 * ships, its scheduled jobs on. PostgreSQL when DATABASE_URL is set, else PGlite. Results:
 * bench/results/soak-<engine>-<scale>[-label].md and .json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketDataDir, marketScales, seedMarket } from './seed-market';
import { prepareMarketWorkload } from './support/market-workload';
import { prepareMarketFixtures } from './support/write-fixtures';
import { runLoad, type LoadResult } from './support/run-load';
import { startProduct } from './support/start-product';
import { recreateAsCopyOf } from './support/fresh-copy';
import { eventLoopCell } from './support/event-loop';
import { jobsShareMarkdown, startJobsShare } from './support/jobs-share';
import { serverWaitsMarkdown, startRunMeasures, type RunMeasures } from './support/server-waits';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '4391' },
    sessions: { type: 'string', default: '40' },
    rate: { type: 'string', default: '' },
    label: { type: 'string', default: '' },
    'copy-of': { type: 'string', default: '' },
  },
});
// As shipped: the product's own job schedule, whatever this shell says.
delete process.env.JOBS_POLL_MS;
const fixedRate = values.rate ? Number(values.rate) : null;
const scale = values.scale!;
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sessions = Math.min(Number(values.sessions), marketScales[scale]?.practices ?? Infinity);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

if (values['copy-of']) {
  if (engine !== 'postgres') throw new Error('--copy-of needs DATABASE_URL (PostgreSQL)');
  await recreateAsCopyOf(process.env.DATABASE_URL!, values['copy-of']);
}
await seedMarket(scale);
const fixtures = await prepareMarketFixtures(scale, sessions, 60);
const product = await startProduct(
  Number(values.port),
  { BENCH_ROUTES: 'true', DEMO_DATA: 'false' },
  engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {},
);

// The jobs' share of the machine beside the soak (PostgreSQL: from its backends).
const jobsShare =
  engine === 'postgres' ? await startJobsShare(process.env.DATABASE_URL!) : undefined;
/** The machine's load average (1, 5, 15 min) as the runs start. */
let loadBefore = os.loadavg();

try {
  const workload = await prepareMarketWorkload({
    base: product.url,
    engine,
    scale,
    sessions,
    fixtures,
  });
  for (const refusal of await workload.probe()) console.warn(refusal);
  const common = { baseUrl: product.url, connections, next: workload.mixed };
  // As bench:load: the runs begin once the jobs' first pass after the start is done.
  const firstPassSeconds = await jobsShare?.firstPassDone();
  loadBefore = os.loadavg();

  const measureRun = () => startRunMeasures(product.url, product.pid);

  jobsShare?.window('throughput');
  const throughputMeasured = await measureRun();
  const throughputLoad = await runLoad({ ...common, name: 'throughput', durationSeconds: 10 });
  const throughput = { ...throughputLoad, ...(await throughputMeasured()) };
  const attempts: (LoadResult & { targetRate: number } & RunMeasures)[] = [];
  let rate = fixedRate ?? Math.max(1, Math.floor(throughput.requestsPerSecond * 0.9));
  for (let attempt = 1; attempt <= (fixedRate ? 1 : 3); attempt++) {
    jobsShare?.window(`soak at ${rate} req/s`);
    const measured = await measureRun();
    const result = await runLoad({
      ...common,
      name: `soak at ${rate} req/s`,
      durationSeconds: seconds,
      rate,
    });
    attempts.push({ ...result, targetRate: rate, ...(await measured()) });
    if (result.failed === 0) break;
    rate = Math.max(1, Math.floor(rate * 0.8));
  }
  const sustained = attempts.find((a) => a.failed === 0);
  const jobs = await jobsShare?.stop();

  const loads = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
  const machine = `${os.cpus().length} cores, load average ${loads(loadBefore)} as the runs began and ${loads(os.loadavg())} at the end${firstPassSeconds !== undefined ? `; the runs began once the scheduled jobs' first pass after the start was done (${firstPassSeconds} s after the sessions were ready)` : ''}`;
  const table = [
    `# Soak: ${engine}, scale ${scale}, mixed workload, ${seconds} s, ${connections} connections${fixedRate ? `, held at ${fixedRate} req/s` : ''}, scheduled jobs on (as shipped)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ${workload.practiceSessions} practice and ${workload.professionalSessions} professional sessions; ${machine}.`,
    '',
    `Throughput as fast as answered (10 s): ${throughput.requestsPerSecond.toFixed(0)} req/s, ${throughput.failed} failed.`,
    sustained
      ? `Sustained with no failed request: **${sustained.targetRate} req/s for ${seconds} s** (${sustained.requests} requests).`
      : `No soak ran without failed requests: see the attempts below.`,
    '',
    "The event loop column: how long the server's thread kept a callback waiting during the run (99th percentile / longest, ms; the jobs' work included).",
    '',
    '| run | target req/s | achieved req/s | p50 ms | p95 ms | p99 ms | requests | failed | answers | event loop p99 / max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...[{ ...throughput, targetRate: 0 }, ...attempts].map(
      (r) =>
        `| ${r.name} | ${r.targetRate || '—'} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.failed} | ${Object.entries(
          r.statusCounts,
        )
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ')} | ${eventLoopCell(r.eventLoop)} |`,
    ),
    '',
    ...serverWaitsMarkdown(
      [throughput, ...attempts].map((r) => ({ name: r.name, waits: r.waits, cpu: r.cpu })),
    ),
    '',
    ...(jobs ? jobsShareMarkdown(jobs) : []),
  ].join('\n');
  const file = path.join(
    'bench',
    'results',
    `soak-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
  );
  writeFileSync(`${file}.md`, table);
  writeFileSync(
    `${file}.json`,
    JSON.stringify(
      { engine, scale, seconds, connections, machine, throughput, attempts, jobsShare: jobs },
      null,
      2,
    ),
  );
  console.log(table);
  if (!sustained) process.exitCode = 1;
} finally {
  await jobsShare?.stop();
  await product.stop();
}
