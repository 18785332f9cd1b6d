import { integer, text, timestamp } from 'drizzle-orm/pg-core';

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
