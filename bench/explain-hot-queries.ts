/**
 * EXPLAIN ANALYZE of the hot queries on a seeded market (bench:seed): the practice's shift list
 * as it opens (the current month's first page with its reach, listShiftPage, and the months with
 * their counts, listShiftMonths), Billing, its conversations for practice-1; Find Shifts
 * (listShiftBoard), the professional dashboard, Earnings, conversations and credentials for
 * hygienist-1, each called as its route calls it (the kept answers are computed afresh: nothing
 * listens for announcements here). Migrates the database first, as a starting server would.
 * Captures the SQL each service really sends (the Drizzle logger), times each service over a few
 * runs, then explains every captured statement `--explains` times (default 5) and reports the
 * median (its time and its plan).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/chairfill_bench \
 *     node --import tsx bench/explain-hot-queries.ts [--label after]
 *
 * Writes bench/results/explain-hot-queries[-label].md (timings and full plans) and prints a
 * summary. Statements that write (a reach cache fill) are explained inside a rolled-back
 * transaction, so explaining changes nothing.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/db/schema';
import { explainStatement, planMarkdown } from './support/explain-statement';
import { listShiftBoard } from '../src/server/services/matching/list-shift-board';
import { listShiftMonths } from '../src/server/services/practice/list-shift-months';
import { shiftPageJson } from '../src/server/services/practice/list-shift-page';
import { practiceDateOf, practiceYearOf } from '../src/shared/practice/shift-dates';
import { openDatabase } from '../src/server/db/client';
import { professionalDashboardJson } from '../src/server/services/professional/get-professional-dashboard';
import { practiceMoneyJson } from '../src/server/services/money/practice-money';
import { earningsJson } from '../src/server/services/money/earnings';
import { professionalIdForUser } from '../src/server/services/money/professional-id';
import { listConversations } from '../src/server/services/messages/conversations';
import { listOwnCredentials } from '../src/server/services/trust/credentials';
import { explainShiftReach } from '../src/server/services/fill/explain-shift-reach';
import { hourlyRateBounds } from '../src/shared/hourly-rate-bounds';
import type { ShiftPosition } from '../src/shared/practice/shift-constants';

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '5' },
    /** EXPLAIN ANALYZE each statement this many times: the median's plan and time are reported. */
    explains: { type: 'string', default: '5' },
    practice: { type: 'string', default: 'practice-1' },
    professional: { type: 'string', default: 'hygienist-1' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the seeded market (see bench/README.md)');

// The latest migration first (a starting server does the same).
const migrating = await openDatabase({ url, poolSize: 1 });
await migrating.migrate();
await migrating.close();

// As the product's pool opens its connections (db/client.ts): no JIT compilation (record 039).
const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
});
const ctx = { db, env: {}, logger: console } as never;
const domain = 'market.chairfill.example.com';
const practiceRow = await pool.query<{ id: string; user_id: string }>(
  `select id, user_id from practices where email = $1`,
  [`${values.practice}@${domain}`],
);
const proRow = await pool.query<{ user_id: string; email: string }>(
  `select user_id, email from professionals where email = $1`,
  [`${values.professional}@${domain}`],
);
const practiceId = practiceRow.rows[0]!.id;
const practiceUserId = practiceRow.rows[0]!.user_id;
const pro = proRow.rows[0]!;
const account = { id: pro.user_id, email: pro.email, role: 'hygienist' as const };
// The practice's next open shift, for "Why isn't this filling?".
const openShift = await pool.query<{ id: string; position: ShiftPosition }>(
  `select id, position from shifts where practice_id = $1 and status = 'open' and starts_at > now()
    order by starts_at limit 1`,
  [practiceId],
);

const cases = [
  [
    "practice shift list: the current month's first page (shiftPageJson, with reach)",
    () =>
      shiftPageJson(ctx, practiceId, { month: practiceDateOf(new Date()).slice(0, 7), offset: 0 }),
  ],
  ['practice shift months (listShiftMonths)', () => listShiftMonths(ctx, practiceId)],
  [
    'Find Shifts board (listShiftBoard)',
    () => listShiftBoard(ctx, account, { maxDistance: undefined, includeBelowMinimum: false }),
  ],
  [
    'professional dashboard (professionalDashboardJson)',
    () => professionalDashboardJson(ctx, account),
  ],
  ['practice Billing (practiceMoneyJson)', () => practiceMoneyJson(db, practiceId, practiceUserId)],
  [
    'professional Earnings, this year (professionalIdForUser, earningsJson)',
    async () =>
      earningsJson(
        db,
        await professionalIdForUser(db, pro.user_id),
        pro.user_id,
        practiceYearOf(new Date()),
      ),
  ],
  [
    "practice's conversations (listConversations)",
    () => listConversations(ctx, { side: 'practice', practiceId, userId: practiceUserId }),
  ],
  [
    "professional's conversations (listConversations)",
    () => listConversations(ctx, { side: 'professional', account }),
  ],
  ["professional's credentials (listOwnCredentials)", () => listOwnCredentials(ctx, account)],
  ...(openShift.rows[0]
    ? ([
        [
          "why isn't this filling?, the practice's next open shift (explainShiftReach)",
          () =>
            explainShiftReach(
              db,
              openShift.rows[0]!.id,
              hourlyRateBounds[openShift.rows[0]!.position].maxCents,
              new Date(),
            ),
        ],
      ] as const)
    : []),
] as const;

const runs = Number(values.runs);
const out: string[] = [
  `# EXPLAIN ANALYZE of the hot queries${values.label ? ` (${values.label})` : ''}`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${values.practice} and ${values.professional} of the seeded market; ${runs} runs each (the first one is reported apart: it may fill a cache).`,
  '',
];
// One row per case: service time and the database's own time of what the steady state sends.
const table: string[] = [
  '| query | service: first run ms | service: median ms | statements | database ms (median EXPLAIN ANALYZE per statement, summed) | buffers (pages hit or read, summed) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
const summaries: {
  name: string;
  firstMs: number;
  medianMs: number;
  statements: {
    query: string;
    executionMs: number | null;
    pages: number;
    firstRunOnly: boolean;
  }[];
}[] = [];
for (const [name, run] of cases) {
  const times: number[] = [];
  let first: { query: string; params: unknown[] }[] = [];
  for (let i = 0; i < runs; i++) {
    captured.length = 0;
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    if (i === 0) first = [...captured];
  }
  const later = [...times.slice(1)].sort((a, b) => a - b);
  const median = later[Math.floor(later.length / 2)] ?? times[0]!;
  const summary = `${name}: first run ${times[0]!.toFixed(1)} ms, median of the next ${later.length} ${median.toFixed(1)} ms, ${captured.length} queries (${first.length} on the first run)`;
  console.log(`== ${summary}`);
  out.push(`## ${name}`, '', summary, '');
  // Explain what the steady state sends (the last run); the first run's extra statements too.
  const statements = [
    ...captured,
    ...first.filter((q) => !captured.some((c) => c.query === q.query)),
  ];
  const explained: (typeof summaries)[number]['statements'] = [];
  for (const [index, q] of statements.entries()) {
    const client = await pool.connect();
    try {
      const plans: { lines: string[]; ms: number; pages: number }[] = [];
      for (let i = 0; i < Number(values.explains); i++) {
        await client.query('begin');
        const lines = await explainStatement(client, q);
        await client.query('rollback');
        const time = lines.map((line) => /^Execution Time: ([\d.]+) ms/.exec(line)).find(Boolean);
        // The top node's buffers: the pages the whole statement touched (hit or read).
        const top = lines.find((line) => /^\s*Buffers:/.test(line)) ?? '';
        const pages = [...top.matchAll(/(?:hit|read)=(\d+)/g)].reduce(
          (n, m) => n + Number(m[1]),
          0,
        );
        plans.push({ lines, ms: time ? Number(time[1]) : NaN, pages });
      }
      plans.sort((a, b) => a.ms - b.ms);
      const median = plans[Math.floor((plans.length - 1) / 2)]!;
      out.push(
        `Execution times of ${plans.length} EXPLAIN ANALYZE runs: ${plans.map((p) => p.ms).join(', ')} ms; the median's plan:`,
        '',
        ...planMarkdown(q.query, median.lines),
      );
      explained.push({
        query: q.query.replace(/\s+/g, ' ').slice(0, 200),
        executionMs: Number.isNaN(median.ms) ? null : median.ms,
        pages: median.pages,
        firstRunOnly: index >= captured.length,
      });
    } finally {
      client.release();
    }
  }
  const steady = explained.filter((e) => !e.firstRunOnly);
  const databaseMs = steady.reduce((sum, e) => sum + (e.executionMs ?? 0), 0);
  table.push(
    `| ${name} | ${times[0]!.toFixed(1)} | ${median.toFixed(1)} | ${captured.length} | ${databaseMs.toFixed(2)} (${explained
      .filter((e) => !e.firstRunOnly)
      .map((e) => e.executionMs)
      .join(' + ')}) | ${steady.reduce((n, e) => n + e.pages, 0)} |`,
  );
  summaries.push({ name, firstMs: times[0]!, medianMs: median, statements: explained });
}
out.splice(
  4,
  0,
  `Load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the end (${os.cpus().length} cores).`,
  '',
  ...table,
  '',
);
const file = path.join(
  'bench',
  'results',
  `explain-hot-queries${values.label ? `-${values.label}` : ''}.md`,
);
writeFileSync(file, out.join('\n'));
writeFileSync(file.replace(/\.md$/, '.json'), JSON.stringify(summaries, null, 2));
console.log(table.join('\n'));
console.log(`wrote ${file}`);
await pool.end();
