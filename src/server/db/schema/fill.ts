import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { practices } from './practices';
import { professionals } from './professionals';
import { shifts } from './shifts';

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

/**
 * The boosts of open shifts (issue 42, slice 8; decision record 052): a raised rate, a widened
 * telling, or urgent. The limits per shift and per practice and New Jersey day
 * (@shared/fill/boost-constants) are counted here, under the practice row's lock
 * (services/fill/boost-shift.ts); the unique indexes keep one widen and one urgent per shift
 * whatever happens.
 */
export const shiftBoosts = pgTable(
  'shift_boosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rate', 'widen', 'urgent'] }).notNull(),
    /** A rate boost's rate before and after (cents); null for the other kinds. */
    rateCentsBefore: integer('rate_cents_before'),
    rateCentsAfter: integer('rate_cents_after'),
    /** How many professionals it told. */
    told: integer('told').notNull().default(0),
    /** The practice user who boosted (kept when that user is gone). */
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** The market time of the boost, and its New Jersey date (the daily limit's day). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
  },
  (table) => [
    index('shift_boosts_practice_day_idx').on(table.practiceId, table.day),
    index('shift_boosts_shift_idx').on(table.shiftId),
    uniqueIndex('shift_boosts_one_widen')
      .on(table.shiftId)
      .where(sql`${table.kind} = 'widen'`),
    uniqueIndex('shift_boosts_one_urgent')
      .on(table.shiftId)
      .where(sql`${table.kind} = 'urgent'`),
    check('shift_boosts_kind', sql`${table.kind} in ('rate', 'widen', 'urgent')`),
    check(
      'shift_boosts_rate_raised',
      sql`${table.kind} <> 'rate' or ${table.rateCentsAfter} > ${table.rateCentsBefore}`,
    ),
  ],
);
