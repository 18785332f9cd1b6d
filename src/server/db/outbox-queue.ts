import { sql, type SQL } from 'drizzle-orm';
import { CHANGE_NOTICE_CHANNEL } from '../services/kept-answers';
import { queryRows, type Database } from './client';
import { sqlArray } from './sql-arrays';

/** The database queues that deliver outside the request (schema: mail.ts, alerts.ts). */
export type OutboxTable = 'email_outbox' | 'push_outbox' | 'sms_outbox';

/** What a worker waits for: an outbox, or the notices still to compose (notice-queue.ts). */
export type QueueTable = OutboxTable | 'notice_queue';

/**
 * What the change channel carries once rows of `table` are queued: announced inside the
 * transaction that queued them, so the worker of every server instance hears it when they are
 * committed (and not before), and sends them at once instead of at its next poll.
 */
export function queuedNotice(table: QueueTable): string {
  return `queued:${table}`;
}

/** Announces, in the caller's transaction, that rows of `table` were queued (queuedNotice). */
export async function announceQueued(db: Database, table: OutboxTable): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_NOTICE_CHANNEL}, ${queuedNotice(table)})`);
}

/**
 * announceQueued inside the statement that queues the rows: a scalar subquery announcing when
 * the statement's part `queued` (`with queued as (insert … returning …)`) returned rows. Select
 * it in the statement, or it does not run.
 */
export function announcedIfQueued(table: QueueTable, queued: string): SQL {
  return sql`(select count(*) from (select pg_notify(${CHANGE_NOTICE_CHANNEL}, ${queuedNotice(table)})
      from (select 1 from ${sql.identifier(queued)} limit 1) one) announced)::int`;
}

/** A message is tried this many times before it is marked failed. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claimed message stays leased to the worker that claimed it. It is well above the
 * longest a send can take (each transport's timeouts), so a message is only taken over from a
 * worker that stopped, never from one still sending it.
 */
export const LOCK_SECONDS = 300;

/** The wait before the next try: 30 s, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

/** A claimed row: its id and which attempt this is, with the columns the caller asked for. */
export type ClaimedRow<T> = T & { id: string; attempts: number };

/**
 * Claims due rows of `table` and returns them with `columns` (a comma-separated SQL list).
 *
 * Each message is sent at most once: claiming moves it to 'sending' with a lease (rows locked
 * with SKIP LOCKED, so two workers never claim the same row) and counts the attempt; only a
 * 'sending' row whose lease ran out (its worker stopped) is claimed again. The due and the
 * lapsed rows are each found through their own partial index in its order (outboxIndexes).
 */
export async function claimDueRows<T>(
  db: Database,
  table: OutboxTable,
  columns: SQL,
  batchSize: number,
): Promise<Array<ClaimedRow<T>>> {
  const name = sql.identifier(table);
  return queryRows<ClaimedRow<T>>(
    db,
    sql`
    update ${name} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
    where id in (
      select id from (
        select id, next_attempt_at from (
          select id, next_attempt_at from ${name}
          where status = 'queued' and next_attempt_at <= now()
          order by next_attempt_at limit ${batchSize}
          for update skip locked) due
        union all
        select id, next_attempt_at from (
          select id, next_attempt_at from ${name}
          where status = 'sending' and locked_until < now()
          order by locked_until limit ${batchSize}
          for update skip locked) lapsed
      ) claimable
      order by next_attempt_at
      limit ${batchSize}
    )
    returning id, attempts, ${columns}`,
  );
}

/**
 * Records that the claimed attempts of `rows` were delivered (with any extra columns, e.g. the
 * provider's id of a single row), in one statement however many there are. The outcome is
 * written only for a row still in the attempt this worker claimed, so a late answer never
 * changes a row another worker took over.
 */
export async function markSent(
  db: Database,
  table: OutboxTable,
  rows: ReadonlyArray<{ id: string; attempts: number }>,
  extra: SQL = sql``,
): Promise<void> {
  if (rows.length === 0) return;
  const ids = sqlArray(
    rows.map((row) => row.id),
    'uuid',
  );
  const attempts = sqlArray(
    rows.map((row) => row.attempts),
    'integer',
  );
  await db.execute(sql`
    update ${sql.identifier(table)}
    set status = 'sent', sent_at = now(), locked_until = null, last_error = null ${extra}
    where status = 'sending'
      and (id, attempts) in (select * from unnest(${ids}, ${attempts}))`);
}

/**
 * Records a failed attempt: back to the queue with a growing delay, or 'failed' after
 * MAX_ATTEMPTS (or at once when `permanent`: the receiver said it will never accept it).
 */
export async function markFailed(
  db: Database,
  table: OutboxTable,
  row: { id: string; attempts: number },
  error: unknown,
  permanent = false,
): Promise<void> {
  const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
  const message = error instanceof Error ? error.message : String(error);
  await db.execute(sql`
    update ${sql.identifier(table)}
    set status = ${giveUp ? 'failed' : 'queued'}, locked_until = null,
      last_error = ${message.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}
