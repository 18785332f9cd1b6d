import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shifts } from './shifts';

/**
 * One counter per professional role, bumped by a statement trigger on `professionals` (migration
 * 0007) whenever a verified professional of that role appears, goes, or changes a matching field
 * (role, status, home coordinates, travel distance, minimum rate, availability). A reach computed
 * under an older counter is out of date.
 */
export const matchingEpochs = pgTable('matching_epochs', {
  role: text('role').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

/**
 * The practice shift list's "reaches N verified professionals", kept per shift (a cache: it can
 * always be recomputed). A row is current while the epoch of the shift's role is unchanged and
 * the shift's own matching inputs (position, coordinates, New Jersey day and minutes, rate) are
 * those it was computed for; see services/matching/count-shift-reach.ts.
 */
export const shiftReach = pgTable('shift_reach', {
  shiftId: uuid('shift_id')
    .primaryKey()
    .references(() => shifts.id, { onDelete: 'cascade' }),
  reach: integer('reach').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  position: text('position').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  localDay: smallint('local_day'),
  localStartMinute: smallint('local_start_minute'),
  localEndMinute: integer('local_end_minute'),
  rateCents: integer('rate_cents').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Shifts whose reach is to be computed: posted or edited (queued with the change, decision record
 * 030), or shown by a practice's list without a count or with one from an older epoch (queued by
 * the read, 034). The shift-reach job takes the oldest first: the index keeps that a short scan
 * however long the queue grows.
 */
export const reachQueue = pgTable(
  'reach_queue',
  {
    shiftId: uuid('shift_id')
      .primaryKey()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('reach_queue_queued_at_idx').on(table.queuedAt)],
);
