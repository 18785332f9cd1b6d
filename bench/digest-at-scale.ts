/**
 * The new-matching-shifts digest job on a seeded market (bench:seed): posts an hour of new open
 * shifts if asked, then times runs of the real job and EXPLAIN ANALYZEs the statements it sends.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/<a copy of the market> \
 *     node --import tsx bench/digest-at-scale.ts [--post 200] [--runs 1] [--commit] [--label after]
 *
 * --post N   inserts N open shifts posted within the last hour (copies of random open future
 *            shifts of the market: same practice, location, position, hours and rate, on a day
 *            1–30 days ahead), as practices would over an hour.
 * --runs N   runs the job N times, one after the other, as of now.
 * --per-run N  professionals told per run (default: the job's own cap).
 * --pairs FILE  writes the (professional, shift) pairs the first run told, for comparisons.
 * --commit   keeps what the runs record (notices, bell entries, e-mails); without it each run is
 *            rolled back, so the market is left as it was and every run sees the same state.
 *
 * The statements of the first run are explained inside a rolled-back transaction, in the state
 * that run saw. Writes bench/results/digest-at-scale[-label].md (timings and full plans).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSandboxPaymentProvider } from '../src/server/payments/sandbox-payment-provider';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { createMatchingShiftsDigestJob } from '../src/server/jobs/matching-shifts-digest-job';
import { createLogger } from '../src/server/logger';
import { explainStatement, planMarkdown } from './support/explain-statement';
import { systemClock } from '../src/server/clock';

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    post: { type: 'string', default: '0' },
    runs: { type: 'string', default: '1' },
    commit: { type: 'boolean', default: false },
    'per-run': { type: 'string' },
    pairs: { type: 'string' },
    'statement-timeout': { type: 'string', default: '900000' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a copy of the seeded market (see bench/README.md)');

const pool = new pg.Pool({
  connectionString: url,
  max: 2,
  // As the product's pool opens its connections (db/client.ts): no JIT compilation (record 039).
  options: `-c jit=off -c statement_timeout=${Number(values['statement-timeout'])}`,
});
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Database;
const env = {
  publicUrl: 'https://chairfill.example.com',
  authSecret: 'digest-at-scale-secret-digest-at-scale-secret',
};
const logger = createLogger('warn');

const posted = Number(values.post);
if (posted > 0) {
  const inserted = await pool.query(
    `insert into shifts (practice_id, location_id, location_name, location_address,
       location_zip_code, position, starts_at, ends_at, rate_cents, notes, status,
       time_per_patient_minutes, break_minutes, latitude, longitude, booking_mode, created_at,
       updated_at)
     select s.practice_id, s.location_id, s.location_name, s.location_address,
       s.location_zip_code, s.position,
       s.day + (s.starts_at - date_trunc('day', s.starts_at)),
       s.day + (s.starts_at - date_trunc('day', s.starts_at)) + (s.ends_at - s.starts_at),
       s.rate_cents, s.notes, 'open', s.time_per_patient_minutes, s.break_minutes, s.latitude,
       s.longitude, s.booking_mode, now() - random() * interval '1 hour',
       now() - random() * interval '1 hour'
     from (select *, date_trunc('day', now()) + make_interval(days => 1 + (random() * 29)::int) as day
           from shifts where status = 'open' and starts_at > now()
           order by random() limit $1) s`,
    [posted],
  );
  console.log(`posted ${inserted.rowCount} open shifts in the last hour`);
}
const recent = await pool.query<{ n: string }>(
  `select count(*) as n from shifts where status = 'open' and starts_at > now()
     and created_at > now() - interval '24 hours' and created_at <= now()`,
);
const future = await pool.query<{ n: string }>(
  `select count(*) as n from shifts where status = 'open' and created_at > now()`,
);
console.log(
  `open future shifts posted in the last 24 hours: ${recent.rows[0]!.n}; open shifts with created_at after now (seed): ${future.rows[0]!.n}`,
);

const job = createMatchingShiftsDigestJob(
  values['per-run'] ? { professionalsPerRun: Number(values['per-run']) } : {},
);
class RolledBack extends Error {}
const out: string[] = [
  `# The new-matching-shifts digest job on the large market${values.label ? ` (${values.label})` : ''}`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${recent.rows[0]!.n} open future shifts posted in the last 24 hours (${posted} posted by this run of the benchmark); ${values.commit ? 'runs committed' : 'each run rolled back'}.`,
  '',
];
let firstStatements: { query: string; params: unknown[] }[] = [];
for (let i = 0; i < Number(values.runs); i++) {
  captured.length = 0;
  const now = new Date();
  const started = performance.now();
  let result: Record<string, number> = {};
  try {
    await db.transaction(async (tx) => {
      result = await job.run(
        {
          db: tx as unknown as Database,
          env,
          logger,
          payments: createSandboxPaymentProvider(),
          clock: systemClock,
        },
        now,
      );
      if (values.pairs && i === 0) {
        const told = await tx.execute(
          sql`select professional_id, shift_id from match_notices where noticed_at = ${now.toISOString()}::timestamptz order by 1, 2`,
        );
        const rows = (told as unknown as { rows: { professional_id: string; shift_id: string }[] })
          .rows;
        writeFileSync(
          values.pairs,
          rows.map((r) => `${r.professional_id} ${r.shift_id}`).join('\n'),
        );
      }
      if (!values.commit) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) {
      const ms = performance.now() - started;
      const line = `run ${i + 1}: failed after ${ms.toFixed(0)} ms: ${(error as Error).message}`;
      console.log(line);
      out.push(`- ${line}`);
      firstStatements = [];
      break;
    }
  }
  const ms = performance.now() - started;
  const line = `run ${i + 1}: ${ms.toFixed(0)} ms, ${JSON.stringify(result)}`;
  console.log(line);
  out.push(`- ${line}`);
  if (i === 0)
    firstStatements = captured.filter(
      (q) => !/^(begin|commit|rollback|savepoint|release)/i.test(q.query.trim()),
    );
}
out.push('');

// Explain the first run's statements in the state it saw (rolled back, so nothing changes).
if (!values.commit) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const q of firstStatements) {
      if (/^select pg_advisory/.test(q.query.trim())) continue;
      if (/^set /i.test(q.query.trim())) {
        await client.query(q.query, q.params);
        out.push('```sql', q.query.trim(), '```', '');
        continue;
      }
      out.push(...planMarkdown(q.query, await explainStatement(client, q, { settings: true })));
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
}
const file = path.join(
  'bench',
  'results',
  `digest-at-scale${values.label ? `-${values.label}` : ''}.md`,
);
writeFileSync(file, out.join('\n'));
console.log(`wrote ${file}`);
await pool.end();
