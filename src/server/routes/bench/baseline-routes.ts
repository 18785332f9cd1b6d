import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { queryRows, type Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { user } from '../../db/schema';
import { DomainError } from '../../services/domain-error';
import { keptAnswersFor } from '../../services/kept-answers';
import type { AppEnv } from '../app-env';
import { serverWaitsFor } from './server-waits';
import { clientAddress } from '../client-address';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The event loop's delay, sampled every millisecond from the first read on (one per process). */
let eventLoopHistogram: IntervalHistogram | undefined;
function eventLoopDelay(): IntervalHistogram {
  if (!eventLoopHistogram) {
    eventLoopHistogram = monitorEventLoopDelay({ resolution: 1 });
    eventLoopHistogram.enable();
  }
  return eventLoopHistogram;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The write baseline's table: not part of the product's schema (no migration makes it), made by
 * the first write baseline on a database that serves the benchmark routes. One row a write, with
 * its primary key and one index, as a user write's smallest row is.
 */
const benchWrites = pgTable('bench_writes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const benchWritesTable = perDatabase(async (db: Database) => {
  await queryRows(
    db,
    sql`create table if not exists bench_writes (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      created_at timestamptz not null default now()
    )`,
  );
  await queryRows(
    db,
    sql`create index if not exists bench_writes_user_id_idx on bench_writes (user_id)`,
  );
});

/**
 * The load benchmark's three baselines (mounted only when BENCH_ROUTES=true): a route that does
 * nothing, a route that reads one row by primary key and a route that writes one row in one
 * transaction (POST, so it also waits, as every user write does, until this server has heard its
 * own change announcements: app.ts), through the same server, middleware, pool and database as
 * every other route, so the reads' figures can be read as ratios to the one-row read and the
 * writes' to the one-row write; and
 * how much work done after the commit is still waiting (`/backlog`), so a run can begin once what
 * the one before it left behind is done. Only answered over loopback.
 */
export const benchBaselineRoutes = new Hono<AppEnv>()
  // The benchmark runs on the same machine; nobody else may ask whether a user id exists.
  .use('*', async (c, next) => {
    if (!LOOPBACK.has(clientAddress(c))) throw new DomainError(404, 'not_found', 'Not found');
    await next();
  })
  .get('/noop', (c) => c.body(null, 204))
  .get('/row/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new DomainError(404, 'not_found', 'Not found');
    const [row] = await c
      .get('services')
      .db.select({ id: user.id, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, id));
    if (!row) throw new DomainError(404, 'not_found', 'Not found');
    return c.json(row);
  })
  .post('/write/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new DomainError(404, 'not_found', 'Not found');
    const { db } = c.get('services');
    await benchWritesTable(db);
    const [row] = await db.transaction((tx) =>
      tx.insert(benchWrites).values({ userId: id }).returning({ id: benchWrites.id }),
    );
    return c.json(row!, 201);
  })
  // How long callbacks waited for the server's one thread since the last read (then reset):
  // what synchronous work (a request's or a job's) made every other request wait.
  .get('/event-loop', (c) => {
    const histogram = eventLoopDelay();
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const delay = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    histogram.reset();
    return c.json(delay);
  })
  // What the kept answers did since the last read (then counted afresh): reads answered from
  // memory, answers computed, not kept, dropped, everything forgotten.
  // Where requests waited inside the server since the last read (then counted afresh): their
  // whole time in it, the writes' catch-up markers, the requests' connection pool.
  .get('/server-waits', (c) => c.json(serverWaitsFor(c.get('services').db).take()))
  .get('/kept-answers', (c) => c.json(keptAnswersFor(c.get('services').db).takeCounts()))
  .get('/backlog', async (c) => {
    const [backlog] = await queryRows<Record<string, number>>(
      c.get('services').db,
      sql`
      select
        (select count(*) from notice_queue where failed_at is null)::int as notices,
        (select count(*) from reach_queue)::int as reach,
        (select count(*) from email_outbox where status in ('queued', 'sending'))::int as emails,
        (select count(*) from push_outbox where status in ('queued', 'sending'))::int as pushes,
        (select count(*) from sms_outbox where status in ('queued', 'sending'))::int as texts`,
    );
    return c.json(backlog!);
  });
