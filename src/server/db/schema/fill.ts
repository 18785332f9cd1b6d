import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { professionals } from './professionals';

/**
 * How many shift alerts each professional was sent on a New Jersey day (the market clock's),
 * one row per professional and day that had any. The one delivery funnel claims a slot here for
 * every alert, in its transaction, with one conditional upsert (notifications/alert-slots.ts),
 * so `sent` never passes the professional's daily_alert_cap, whatever runs in parallel.
 */
export const alertDays = pgTable(
  'alert_days',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sent: smallint('sent').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.professionalId, table.day] }),
    check('alert_days_sent', sql`${table.sent} >= 0`),
  ],
);
