import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { bookings, shiftApplications } from './marketplace';
import { payouts } from './money';
import { shifts } from './shifts';
import { storedFiles } from './files';

/** An admin's review of a practice, kept as a history (who, when, why). */
export const practiceVerificationDecisions = pgTable(
  'practice_verification_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    adminUserId: uuid('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['verified', 'rejected'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('practice_verification_decisions_practice_idx').on(table.practiceId, table.createdAt),
    check(
      'practice_verification_decisions_kind',
      sql`${table.decision} in ('verified', 'rejected')`,
    ),
  ],
);

/**
 * A block between a practice and a professional, made by either side (`blockedBy`). Private:
 * the other side is never told; admins see them. While any block of the pair exists, the
 * professional never sees, applies for, books or is told of the practice's shifts.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    blockedBy: text('blocked_by', { enum: ['practice', 'professional'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('blocks_once_per_side').on(table.practiceId, table.professionalId, table.blockedBy),
    index('blocks_professional_idx').on(table.professionalId),
    check('blocks_by_a_side', sql`${table.blockedBy} in ('practice', 'professional')`),
  ],
);

/**
 * A professional's credential (decision record 022): a license, permit, registration or
 * certification with its number, issuing state, expiry and a document. An admin verifies each
 * one; only a verified credential that has not expired counts for a shift's requirements, and a
 * required one that expires blocks new bookings. The kinds are @shared/trust/credentials.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What an 'other' credential is (empty for the named kinds). */
    otherName: text('other_name').notNull().default(''),
    number: text('number').notNull(),
    issuingState: text('issuing_state').notNull().default('NJ'),
    /** Null only for a credential carried over from signup whose expiry is not known yet. */
    expiresOn: date('expires_on'),
    documentFileId: uuid('document_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    decisionReason: text('decision_reason').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The expiry ChairFill last verified: kept when the credential is edited back to review, so
     * a required one still lapses on that date unless a renewal is verified (decision record 024).
     */
    verifiedUntil: date('verified_until'),
    /** The smallest reminder (60, 30 or 7 days before expiry) already sent for this expiry. */
    remindedDaysBefore: integer('reminded_days_before'),
    /** When the practices with future bookings were told it expired (once per expiry). */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credentials_professional_idx').on(table.professionalId, table.kind),
    index('credentials_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index('credentials_expiring_idx')
      .on(table.expiresOn)
      .where(sql`${table.status} = 'verified'`),
    check('credentials_status', sql`${table.status} in ('pending', 'verified', 'rejected')`),
  ],
);

/** An admin's decision on a credential, kept as a history (who, when, why). */
export const credentialDecisions = pgTable(
  'credential_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    adminUserId: uuid('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['verified', 'rejected'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credential_decisions_credential_idx').on(table.credentialId, table.createdAt),
    check('credential_decisions_kind', sql`${table.decision} in ('verified', 'rejected')`),
  ],
);

/** A professional a practice marked as a favourite (someone it worked with). */
export const favourites = pgTable(
  'favourites',
  {
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.practiceId, table.professionalId] }),
    index('favourites_professional_idx').on(table.professionalId),
  ],
);

/**
 * A practice's invitation of one named professional to a shift; they accept (and are booked)
 * or decline. One per shift and professional.
 */
export const shiftInvitations = pgTable(
  'shift_invitations',
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
    message: text('message').notNull().default(''),
    status: text('status', {
      enum: ['pending', 'accepted', 'declined', 'withdrawn', 'expired'],
    })
      .notNull()
      .default('pending'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shift_invitations_once').on(table.shiftId, table.professionalId),
    index('shift_invitations_professional_idx').on(table.professionalId, table.status),
    check(
      'shift_invitations_status',
      sql`${table.status} in ('pending', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
  ],
);

/**
 * A cancelled booking's shift, open again, waiting for its best matches to be told (favourites,
 * then earlier applicants, then the rest) by the backfill job within a minute.
 */
export const shiftBackfills = pgTable(
  'shift_backfills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    cancelledBookingId: uuid('cancelled_booking_id').references(() => bookings.id, {
      onDelete: 'set null',
    }),
    /** The application that was accepted for the cancelled booking, if any (not told again). */
    cancelledApplicationId: uuid('cancelled_application_id').references(
      () => shiftApplications.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    toldAt: timestamp('told_at', { withTimezone: true }),
    toldCount: integer('told_count').notNull().default(0),
  },
  (table) => [
    index('shift_backfills_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.toldAt} is null`),
    index('shift_backfills_shift_idx').on(table.shiftId),
  ],
);

/**
 * Each practice's scorecard counts as last computed (decision record 040), read instead of
 * computing them again while under an hour old with no change of the practice marked since. A
 * cache written by the reads that compute it; no foreign key, so storing one never waits on a
 * lock of the practice's row.
 */
export const practiceScorecards = pgTable('practice_scorecards', {
  practiceId: uuid('practice_id').primaryKey(),
  posted: integer('posted').notNull(),
  filled: integer('filled').notNull(),
  cancellations: integer('cancellations').notNull(),
  lateCancellations: integer('late_cancellations').notNull(),
  ratingCount: integer('rating_count').notNull(),
  ratingAverage: doublePrecision('rating_average'),
  payoutCount: integer('payout_count').notNull(),
  payoutMedianDays: doublePrecision('payout_median_days'),
  /** When the computation's snapshot was taken: the counts are as of then. */
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/**
 * A change to what a practice's scorecard counts (its shifts, bookings, ratings, charges,
 * timesheets' approvals, payouts), marked by triggers in the writing transaction (migration
 * 0031): appended, never updated, so concurrent writes of a practice never wait on each other.
 * A computation removes the marks its snapshot saw; a stored scorecard with a mark left is out
 * of date.
 */
export const practiceScorecardChanges = pgTable(
  'practice_scorecard_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    practiceId: uuid('practice_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('practice_scorecard_changes_practice_idx').on(table.practiceId),
    index('practice_scorecard_changes_changed_idx').on(table.changedAt),
  ],
);

/**
 * What each booking adds to its practice's scorecard (decision record 041), kept by triggers in
 * the writing transaction (migration 0032) so a scorecard reads one narrow index instead of
 * joining a year of bookings to their shifts and ratings: the shift's start (moved with the
 * shift), whether the practice cancelled it and when, and the professional's stars for it. Each
 * write sets only the columns its own table decides, so writes of one booking never undo each
 * other.
 */
export const scorecardBookingFacts = pgTable(
  'scorecard_booking_facts',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    shiftStartsAt: timestamp('shift_starts_at', { withTimezone: true }).notNull(),
    cancelledByPractice: boolean('cancelled_by_practice').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    professionalStars: integer('professional_stars'),
  },
  (table) => [
    // Every column a scorecard reads is in the key: read from the index alone.
    index('scorecard_booking_facts_practice_idx').on(
      table.practiceId,
      table.shiftStartsAt,
      table.shiftId,
      table.cancelledByPractice,
      table.cancelledAt,
      table.professionalStars,
    ),
    index('scorecard_booking_facts_shift_idx').on(table.shiftId),
  ],
);

/**
 * Each paid payout of a worked charge with an approved timesheet, as its practice's scorecard
 * counts it (decision record 041, migration 0032): the charge's service date and the days from
 * the timesheet's approval to the payout. Kept by triggers on payouts, charges and timesheets.
 */
export const scorecardPayoutFacts = pgTable(
  'scorecard_payout_facts',
  {
    payoutId: uuid('payout_id')
      .primaryKey()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id').notNull(),
    serviceDate: timestamp('service_date', { withTimezone: true }).notNull(),
    days: doublePrecision('days').notNull(),
  },
  (table) => [
    index('scorecard_payout_facts_practice_idx').on(
      table.practiceId,
      table.serviceDate,
      table.days,
    ),
  ],
);
