import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  type PgColumn,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations, practices } from './practices';

/*
 * The New Jersey wall clock of a shift, precomputed by PostgreSQL (stored generated columns, so
 * every insert and update path keeps them right) for the matching rules (eligibility-sql.ts): a
 * professional's availability window is a weekday and whole minutes, so the comparison becomes
 * plain integers an index can serve. The zone is PRACTICE_TIME_ZONE (@shared/practice/time-zone),
 * spelled out here because drizzle-kit reads this file without the path aliases.
 */
const localStart = sql.raw(`(starts_at at time zone 'America/New_York')`);
const localEnd = sql.raw(`(ends_at at time zone 'America/New_York')`);
const localMidnight = sql`date_trunc('day', ${localStart})`;

/**
 * The generated columns' expressions over `starts_at` and `ends_at`, also for a shift that is not
 * stored yet (the new-shift form's preview selects them over its own row, so its New Jersey day
 * and minutes are the stored shift's exactly).
 */
export const shiftLocalTimeExpressions = {
  localDay: sql`extract(isodow from ${localStart})::smallint`,
  localStartMinute: sql`floor(extract(epoch from ${localStart} - ${localMidnight}) / 60)::smallint`,
  localEndMinute: sql`ceil(extract(epoch from ${localEnd} - ${localMidnight}) / 60)::integer`,
};

/**
 * The columns of Find Shifts' index scans (shifts_open_board_idx, shifts_open_required_idx): one
 * range scan per availability window (position, weekday, latitude band), longitude, wall-clock
 * minutes and start checked in the index; rate and id complete it so the best fits are chosen by
 * an index-only scan (drizzle has no INCLUDE: trailing keys). The practice lets the scan skip
 * practices that may not reach this professional (not yet verified, or blocked either way).
 */
const boardScanColumnNames = [
  'position',
  'localDay',
  'latitude',
  'longitude',
  'localStartMinute',
  'localEndMinute',
  'startsAt',
  'rateCents',
  'id',
  'practiceId',
  'favouritesFirstUntil',
  'requirements',
] as const;

function boardScanColumns(
  table: Record<(typeof boardScanColumnNames)[number], PgColumn>,
): [PgColumn, ...PgColumn[]] {
  const [first, ...rest] = boardScanColumnNames.map((name) => table[name]);
  return [first!, ...rest];
}

/** One shift per date a practice posted; cancelling sets status 'cancelled', never deletes. */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    /** The location at posting time; its name and address are kept on the shift as posted. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    locationName: text('location_name').notNull(),
    locationAddress: text('location_address').notNull(),
    locationCity: text('location_city').notNull().default(''),
    locationZipCode: text('location_zip_code').notNull().default(''),
    /** The location's ZIP centroid at posting time, for distance matching. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    position: text('position', { enum: ['Hygienist', 'Dental Assistant', 'Front Desk'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    rateCents: integer('rate_cents').notNull(),
    /** ISO weekday (Monday 1 .. Sunday 7) of the New Jersey start date. */
    localDay: smallint('local_day').generatedAlwaysAs(shiftLocalTimeExpressions.localDay),
    /** New Jersey wall-clock start, whole minutes after that day's midnight (rounded down). */
    localStartMinute: smallint('local_start_minute').generatedAlwaysAs(
      shiftLocalTimeExpressions.localStartMinute,
    ),
    /**
     * New Jersey wall-clock end, whole minutes after the start day's midnight (rounded up): 1440
     * or more when the shift ends on a later day, so it fits no availability window.
     */
    localEndMinute: integer('local_end_minute').generatedAlwaysAs(
      shiftLocalTimeExpressions.localEndMinute,
    ),
    notes: text('notes').notNull().default(''),
    /** 'expired': was open when it started (shiftStatusAt in @shared/practice/shift-constants). */
    status: text('status', { enum: ['open', 'filled', 'completed', 'cancelled', 'expired'] })
      .notNull()
      .default('open'),
    timePerPatientMinutes: integer('time_per_patient_minutes'),
    breakMinutes: integer('break_minutes').notNull().default(30),
    /** 'review': professionals apply and the practice accepts one; 'instant': first to book gets it. */
    bookingMode: text('booking_mode', { enum: ['review', 'instant'] })
      .notNull()
      .default('review'),
    /**
     * Who pays the professional: ChairFill (it charges the practice and pays them) or the
     * practice's own payroll as their employer (W-2: only ChairFill's fee is charged).
     */
    payThrough: text('pay_through', { enum: ['chairfill', 'practice_payroll'] })
      .notNull()
      .default('chairfill'),
    /** ChairFill's fee on this shift in basis points (1500 = 15%), fixed when it is posted. */
    feeBasisPoints: integer('fee_basis_points').notNull().default(1500),
    /**
     * What a professional must hold to see, apply for or book it (decision record 022): keys of
     * `shiftRequirements` in @shared/trust/requirements (a credential kind that must be verified
     * and unexpired on the shift's date, or a skill flag of the profile).
     */
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Offered to the practice's favourites only until then; then it reaches everyone. */
    favouritesFirstUntil: timestamp('favourites_first_until', { withTimezone: true }),
    /** Who may book an 'instant' shift at once: everyone, the favourites, or a minimum rating. */
    instantBookFor: text('instant_book_for', { enum: ['everyone', 'favourites', 'min_rating'] })
      .notNull()
      .default('everyone'),
    /** The minimum average rating for 'min_rating', in tenths of a star (45 = 4.5). */
    instantBookMinRatingTenths: smallint('instant_book_min_rating_tenths'),
    /** The shifts posted together by one staffing request share it. */
    postingId: uuid('posting_id'),
    /** One professional for every date of the posting: they apply for the block, not a date. */
    wholeBlock: boolean('whole_block').notNull().default(false),
    /** When the first professional applied or booked (for the practice's response time). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shifts_practice_starts_idx').on(table.practiceId, table.startsAt),
    // The practice dashboard's counts and median response time read this index alone.
    index('shifts_practice_dashboard_idx').on(
      table.practiceId,
      table.status,
      table.startsAt,
      table.createdAt,
      table.firstResponseAt,
    ),
    // The new-matching-shifts digest: per professional and availability window, the open shifts
    // of their position and weekday posted since they were last told (created_at a range), the
    // travel box, minutes, start and rate checked in the index (jobs/digest-notices.ts).
    index('shifts_open_posted_idx')
      .on(
        table.position,
        table.localDay,
        table.createdAt,
        table.latitude,
        table.longitude,
        table.localStartMinute,
        table.localEndMinute,
        table.startsAt,
        table.rateCents,
        table.id,
      )
      .where(sql`${table.status} = 'open'`),
    index('shifts_open_starts_idx')
      .on(table.position, table.startsAt)
      .where(sql`${table.status} = 'open'`),
    // Find Shifts' board (boardScanColumns).
    index('shifts_open_board_idx')
      .on(...boardScanColumns(table))
      .where(sql`${table.status} = 'open'`),
    // Find Shifts' requirement note: the same scan over the open shifts that ask for something
    // (a tenth of them), so the note counts every such shift within the travel distance while
    // the board itself stops at its nearest fits.
    index('shifts_open_required_idx')
      .on(...boardScanColumns(table))
      .where(sql`${table.status} = 'open' and cardinality(${table.requirements}) > 0`),
    // The backfill job finds the favourites-first times that are over.
    index('shifts_favourites_first_idx')
      .on(table.favouritesFirstUntil)
      .where(sql`${table.favouritesFirstUntil} is not null`),
    // The timesheet deadlines job finds the booked shifts that ended a day ago without a
    // timesheet: the filled ones only (completed shifts are most of the table).
    index('shifts_filled_ends_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'filled'`),
    index('shifts_posting_idx')
      .on(table.postingId)
      .where(sql`${table.postingId} is not null`),
    check(
      'shifts_instant_book_for',
      sql`${table.instantBookFor} in ('everyone', 'favourites', 'min_rating')`,
    ),
    check(
      'shifts_instant_book_min_rating',
      sql`${table.instantBookMinRatingTenths} is null or ${table.instantBookMinRatingTenths} between 10 and 50`,
    ),
    check('shifts_end_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    check('shifts_rate_not_negative', sql`${table.rateCents} >= 0`),
  ],
);
