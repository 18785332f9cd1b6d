import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { practices } from './practices';
import { professionals } from './professionals';

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
