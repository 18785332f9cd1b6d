import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window request counters, shared by every server instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
