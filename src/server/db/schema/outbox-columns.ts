import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * The queue columns every outbox shares (e-mail, push, SMS): the delivery state, attempts with a
 * growing delay, the lease of the worker that claimed the row, and the key that makes a message
 * go out once. Claimed and settled by db/outbox-queue.ts.
 */
export function outboxColumns() {
  return {
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * The two indexes a worker claims an outbox's rows through (db/outbox-queue.ts claimDueRows):
 * the queued rows by when they are due, and the leased rows by when their lease runs out. Each
 * is partial, so a row leaves it when its status moves on, and each is read in its order with
 * a limit: an index scan that skips (and marks) the entries of rows already taken, where a
 * bitmap scan over one index of every status revisited each of them on every claim.
 */
export function outboxIndexes(
  table: string,
  columns: { nextAttemptAt: PgColumn; lockedUntil: PgColumn },
) {
  return [
    index(`${table}_queued_idx`)
      .on(columns.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index(`${table}_leased_idx`)
      .on(columns.lockedUntil)
      .where(sql`status = 'sending'`),
  ];
}
