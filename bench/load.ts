/**
 * `npm run bench:load -- --scale small|large [--connections 50] [--duration 10]`: requests per
 * second, p50/p95/p99 latency and failures of the hot endpoints with signed-in sessions of many
 * different practices and professionals, against the synthetic market (bench:seed), then a mixed
 * workload; with two baselines on the same engine (a route that does nothing, one that reads a row
 * by primary key). PostgreSQL when DATABASE_URL is set, else PGlite. Loopback only, bounded in time.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketDataDir, marketScales, seedMarket } from './seed-market';
import { runLoad, type LoadResult } from './support/run-load';
import { prepareMarketWorkload } from './support/market-workload';
import { startProduct } from './support/start-product';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4390' },
    sessions: { type: 'string', default: '40' },
    label: { type: 'string', default: '' },
    /** Only the endpoints whose names contain one of these (comma-separated), with the baselines. */
    only: { type: 'string', default: '' },
  },
});
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

await seedMarket(scale);
const product = await startProduct(
  Number(values.port),
  { BENCH_ROUTES: 'true', DEMO_DATA: 'false' },
  engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {},
);
const base = product.url;

try {
  const workload = await prepareMarketWorkload({ base, engine, scale, sessions });
  const { endpoints } = workload;
  // One request of each first, so a refused one shows why instead of only counting as failed.
  for (const refusal of await workload.probe()) console.warn(refusal);

  const results: LoadResult[] = [];
  const common = { baseUrl: base, connections, durationSeconds: duration };
  for (const [name, next] of Object.entries(endpoints)) {
    if (!measured(name)) continue;
    // Each application can be sent once: cap the run at the pairs there are.
    const amount = name === 'apply for a shift' ? workload.applicationsLeft() : undefined;
    if (amount === 0) continue;
    const leftBefore = workload.applicationsLeft();
    results.push(await runLoad({ ...common, name, next, amount }));
    if (name === 'apply for a shift') {
      results.at(-1)!.note = `${leftBefore} distinct applications available`;
    }
  }
  // The mixed workload: every endpoint in turn (applications while there are unused ones).
  if (only.length === 0) {
    results.push(await runLoad({ ...common, name: 'mixed workload', next: workload.mixed }));
  }

  // Service time without queueing: each read endpoint again over one connection.
  const alone: Record<string, LoadResult> = {};
  for (const [name, next] of Object.entries(endpoints)) {
    if (name.startsWith('create') || name.startsWith('apply') || !measured(name)) continue;
    alone[name] = await runLoad({ ...common, connections: 1, durationSeconds: 3, name, next });
  }

  const baseline = results.find((r) => r.name === 'baseline: one row by primary key')!;
  const rows = results.map((r) => ({
    ...r,
    aloneP50: alone[r.name]?.p50 ?? null,
    aloneP95: alone[r.name]?.p95 ?? null,
    ratioToRowBaseline: Math.round((r.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100,
  }));
  const title = `Load: ${engine}, scale ${scale}, ${connections} connections, ${duration} s each`;
  const machine = `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the end`;
  const table = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ${workload.practiceSessions} practice and ${workload.professionalSessions} professional sessions; ${machine}.`,
    '',
    `Latencies at ${connections} connections queue behind each other (closed loop: a connection sends its next request when the previous one is answered); the last two columns are the same endpoint over one connection for 3 s, its service time without queueing.`,
    '',
    `| endpoint | req/s | ratio to one-row baseline | p50 ms | p95 ms | p99 ms | requests | failed | alone p50 ms | alone p95 ms |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratioToRowBaseline.toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.failed}${r.note ? ` (${r.note})` : ''} | ${r.aloneP50 ?? '—'} | ${r.aloneP95 ?? '—'} |`,
    ),
    '',
  ].join('\n');
  const file = path.join(
    'bench',
    'results',
    `load-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
  );
  writeFileSync(`${file}.md`, table);
  writeFileSync(
    `${file}.json`,
    JSON.stringify({ engine, scale, connections, duration, machine, rows }, null, 2),
  );
  console.log(table);
} finally {
  await product.stop();
}
