/**
 * EXPLAIN ANALYZE of the matching hot queries on a seeded market (bench:seed): the practice's
 * shift list as it opens (the current month's first page with its reach, listShiftPage, and the
 * months with their counts, listShiftMonths) for practice-1 and Find Shifts
 * (listShiftBoard) for hygienist-1. Captures the SQL each service really sends (the Drizzle
 * logger), times each service over a few runs, then explains every captured statement.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/chairfill_bench \
 *     node --import tsx bench/explain-hot-queries.ts [--label after]
 *
 * Writes bench/results/explain-hot-queries[-label].md (timings and full plans) and prints a
 * summary. Statements that write (a reach cache fill) are explained inside a rolled-back
 * transaction, so explaining changes nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/db/schema';
import { explainStatement, planMarkdown } from './support/explain-statement';
import { listShiftBoard } from '../src/server/services/matching/list-shift-board';
import { listShiftMonths } from '../src/server/services/practice/list-shift-months';
import { shiftPageJson } from '../src/server/services/practice/list-shift-page';
import { practiceDateOf } from '../src/shared/practice/shift-dates';

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '5' },
    practice: { type: 'string', default: 'practice-1' },
    professional: { type: 'string', default: 'hygienist-1' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the seeded market (see bench/README.md)');

const pool = new pg.Pool({ connectionString: url, max: 1 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
});
const ctx = { db, env: {}, logger: console } as never;
const domain = 'market.chairfill.example.com';
const practiceRow = await pool.query<{ id: string }>(`select id from practices where email = $1`, [
  `${values.practice}@${domain}`,
]);
const proRow = await pool.query<{ user_id: string; email: string }>(
  `select user_id, email from professionals where email = $1`,
  [`${values.professional}@${domain}`],
);
const practiceId = practiceRow.rows[0]!.id;
const pro = proRow.rows[0]!;

const cases = [
  [
    "practice shift list: the current month's first page (shiftPageJson, with reach)",
    () =>
      shiftPageJson(ctx, practiceId, { month: practiceDateOf(new Date()).slice(0, 7), offset: 0 }),
  ],
  ['practice shift months (listShiftMonths)', () => listShiftMonths(ctx, practiceId)],
  [
    'Find Shifts board (listShiftBoard)',
    () =>
      listShiftBoard(
        ctx,
        { id: pro.user_id, email: pro.email, role: 'hygienist' },
        { maxDistance: undefined, includeBelowMinimum: false },
      ),
  ],
] as const;

const runs = Number(values.runs);
const out: string[] = [
  `# EXPLAIN ANALYZE of the matching hot queries${values.label ? ` (${values.label})` : ''}`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${values.practice} and ${values.professional} of the seeded market; ${runs} runs each (the first one is reported apart: it may fill a cache).`,
  '',
];
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
  for (const q of statements) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const lines = await explainStatement(client, q);
      await client.query('rollback');
      out.push(...planMarkdown(q.query, lines));
    } finally {
      client.release();
    }
  }
}
const file = path.join(
  'bench',
  'results',
  `explain-hot-queries${values.label ? `-${values.label}` : ''}.md`,
);
writeFileSync(file, out.join('\n'));
console.log(`wrote ${file}`);
await pool.end();
