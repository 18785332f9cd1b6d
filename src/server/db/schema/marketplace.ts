import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
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
 * A professional's application for a 'Review applicants' shift. One row per professional and
 * shift: withdrawing and applying again reuses it. Accepting one declines the others.
 */
export const shiftApplications = pgTable(
  'shift_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the practice was e-mailed about this application (at once, or in a summary of the
     * applicants since its last e-mail); null while it waits for the next summary
     * (notifications/applicant-emails.ts).
     */
    practiceEmailedAt: timestamp('practice_emailed_at', { withTimezone: true }),
  },
  (table) => [
    index('shift_applications_unemailed_idx')
      .on(table.shiftId)
      .where(sql`${table.practiceEmailedAt} is null`),
    uniqueIndex('shift_applications_shift_professional_key').on(
      table.shiftId,
      table.professionalId,
    ),
    index('shift_applications_professional_idx').on(table.professionalId, table.createdAt),
    index('shift_applications_shift_status_idx').on(table.shiftId, table.status),
  ],
);

/**
 * A professional booked on a shift, by instant booking or by an accepted application. The
 * partial unique index is the database's guarantee that a shift has at most one live booking:
 * of two concurrent bookings, the second insert fails.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => shiftApplications.id, {
      onDelete: 'set null',
    }),
    source: text('source', { enum: ['instant', 'accepted'] }).notNull(),
    status: text('status', { enum: ['confirmed', 'completed', 'cancelled', 'no_show'] })
      .notNull()
      .default('confirmed'),
    cancelledBy: text('cancelled_by', { enum: ['professional', 'practice'] }),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The six digits the practice shows on the day (its portal, and as a QR code) and the
     * professional enters to check in: proof of presence without tracking anyone's location.
     */
    checkInCode: text('check_in_code')
      .notNull()
      .default(sql`lpad((floor(random() * 1000000))::integer::text, 6, '0')`),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Where the phone was at check-in, if the professional allowed it: a hint, never a rule. */
    checkInLatitude: doublePrecision('check_in_latitude'),
    checkInLongitude: doublePrecision('check_in_longitude'),
    /** When the practice reported that nobody came (status 'no_show'). */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bookings_one_live_per_shift')
      .on(table.shiftId)
      .where(sql`${table.status} in ('confirmed', 'completed')`),
    index('bookings_professional_idx').on(table.professionalId, table.status),
    // professional_id too: the practice dashboard counts the professionals it worked with from
    // the index alone.
    index('bookings_practice_idx').on(table.practiceId, table.status, table.professionalId),
  ],
);

/**
 * The hours a booking was worked: submitted by the professional at check-out (or with the
 * scheduled times when nobody did), then approved by the practice, by itself after the approval
 * window, or by an admin resolving a dispute. One per booking; the amount is derived from the
 * hours and the shift's rate when it is written, never taken from a client.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    breakMinutes: integer('break_minutes').notNull(),
    workedMinutes: integer('worked_minutes').notNull(),
    rateCents: integer('rate_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // 'no_show': decided as a no-show by an admin, the claimed hours kept (timesheetStatuses).
    status: text('status', { enum: ['submitted', 'approved', 'disputed', 'no_show'] })
      .notNull()
      .default('submitted'),
    submittedBy: text('submitted_by', { enum: ['professional', 'scheduled'] }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by', { enum: ['practice', 'auto', 'admin'] }),
    disputeReason: text('dispute_reason').notNull().default(''),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    resolutionNote: text('resolution_note').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => user.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('timesheets_one_per_booking').on(table.bookingId),
    index('timesheets_practice_idx').on(table.practiceId, table.status, table.submittedAt),
    index('timesheets_professional_idx').on(table.professionalId, table.submittedAt),
    // The approval job finds the submitted ones whose window has passed.
    index('timesheets_waiting_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'submitted'`),
    check('timesheets_hours', sql`${table.endedAt} > ${table.startedAt}`),
    check(
      'timesheets_worked_minutes',
      sql`${table.workedMinutes} > 0 and ${table.breakMinutes} >= 0`,
    ),
    check('timesheets_amount', sql`${table.amountCents} >= 0`),
  ],
);

/** Two-way ratings after a completed shift: one by each side per booking. */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** Who gave it: the practice rates the professional, the professional rates the practice. */
    raterSide: text('rater_side', { enum: ['practice', 'professional'] }).notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ratings_once_per_side').on(table.bookingId, table.raterSide),
    index('ratings_professional_idx').on(table.professionalId, table.raterSide),
    index('ratings_practice_idx').on(table.practiceId, table.raterSide),
    check('ratings_stars_range', sql`${table.stars} between 1 and 5`),
  ],
);

/** In-app notifications (the bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where in the portal it leads, e.g. '/practice-portal/staffing-requests'. */
    linkPath: text('link_path').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** A person's choice per kind of e-mail; no row means the e-mail is on. */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** Which open shifts a professional has been told about (the hourly new-matches digest). */
export const matchNotices = pgTable(
  'match_notices',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.professionalId, table.shiftId] }),
    index('match_notices_professional_noticed_idx').on(table.professionalId, table.noticedAt),
    // Who was told of a shift: a backfill leaves them out, and a deleted shift takes its rows
    // along (without it, both read the whole table: a row per professional and shift told).
    index('match_notices_shift_idx').on(table.shiftId),
  ],
);

/**
 * Scheduled jobs (completing ended shifts, reminders, digests): a run is claimed by moving
 * `next_run_at` forward in one conditional update, so with several server instances each run
 * happens once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** A private calendar (iCalendar) feed per user; replacing the token retires the old URL. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
