import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { bookings, timesheets } from './marketplace';
import { practices } from './practices';
import { professionals } from './professionals';
import { shifts } from './shifts';

/**
 * What a practice is charged for one booking: the hours of its approved timesheet ('worked') or
 * the late-cancellation amount ('late_cancellation'). Every amount is derived on the server from
 * the timesheet or the shift and the fee frozen on the shift; the ledger holds the same amounts.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'restrict' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'restrict' }),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    timesheetId: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['worked', 'late_cancellation'] }).notNull(),
    payThrough: text('pay_through', { enum: ['chairfill', 'practice_payroll'] }).notNull(),
    /** Minutes the amount is for: worked minutes, or the late-cancellation minutes. */
    minutes: integer('minutes').notNull(),
    rateCents: integer('rate_cents').notNull(),
    /** Minutes at the rate: what the professional earned (paid by the practice's payroll for W-2). */
    shiftAmountCents: integer('shift_amount_cents').notNull(),
    /** What ChairFill pays the professional: the shift amount, or 0 for practice payroll. */
    payoutAmountCents: integer('payout_amount_cents').notNull(),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** What the practice is debited: payout amount + fee. */
    totalCents: integer('total_cents').notNull(),
    status: text('status', {
      enum: ['pending', 'processing', 'settled', 'failed', 'refunded'],
    })
      .notNull()
      .default('pending'),
    /** Debit attempts made; each has its own idempotency key (charge id + attempt). */
    attempts: integer('attempts').notNull().default(0),
    providerPaymentId: text('provider_payment_id'),
    failureReason: text('failure_reason').notNull().default(''),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundNote: text('refund_note').notNull().default(''),
    refundedByUserId: uuid('refunded_by_user_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    /** The weekly invoice it is listed on (set by the invoice run). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The shift's date: what the invoice week and the earnings year are counted by. */
    serviceDate: timestamp('service_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    // One charge per booking and kind: a retried approval or cancellation charges nothing twice.
    uniqueIndex('charges_once_per_booking').on(table.bookingId, table.kind),
    uniqueIndex('charges_provider_payment').on(table.providerPaymentId),
    // Billing lists a practice's charges newest shift first; invoices total their charges.
    index('charges_practice_idx').on(table.practiceId, table.serviceDate, table.createdAt),
    index('charges_invoice_idx').on(table.invoiceId),
    index('charges_professional_idx').on(table.professionalId, table.serviceDate),
    index('charges_open_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} in ('pending', 'processing', 'failed')`),
    index('charges_uninvoiced_idx')
      .on(table.practiceId, table.createdAt)
      .where(sql`${table.invoiceId} is null`),
    check(
      'charges_amounts',
      sql`${table.shiftAmountCents} >= 0 and ${table.payoutAmountCents} >= 0 and ${table.feeCents} >= 0 and ${table.totalCents} = ${table.payoutAmountCents} + ${table.feeCents} and ${table.refundedCents} between 0 and ${table.totalCents}`,
    ),
  ],
);

/** What ChairFill sends a professional for one settled charge: at most one per charge. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** 'waiting': for the professional's payout account or the next run; 'cancelled': refunded. */
    status: text('status', { enum: ['waiting', 'paid', 'failed', 'cancelled'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    providerTransferId: text('provider_transfer_id'),
    failureReason: text('failure_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payouts_once_per_charge').on(table.chargeId),
    uniqueIndex('payouts_provider_transfer').on(table.providerTransferId),
    index('payouts_professional_idx').on(table.professionalId, table.createdAt),
    index('payouts_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'waiting'`),
    check('payouts_amount', sql`${table.amountCents} > 0`),
  ],
);

/**
 * The ledger: every movement of money as balanced lines (debits positive, credits negative) under
 * one entry id; the lines of an entry sum to zero, so the whole ledger does too.
 *   practice_receivable  what practices owe ChairFill
 *   professional_payable what ChairFill owes professionals
 *   platform_revenue     ChairFill's fees (credit balance)
 *   cash                 money held at the payment provider
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id').notNull(),
    event: text('event', {
      enum: ['charge', 'settle', 'return', 'refund', 'payout', 'payout_reversed'],
    }).notNull(),
    account: text('account', {
      enum: ['practice_receivable', 'professional_payable', 'platform_revenue', 'cash'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    practiceId: uuid('practice_id').references(() => practices.id, { onDelete: 'restrict' }),
    professionalId: uuid('professional_id').references(() => professionals.id, {
      onDelete: 'restrict',
    }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    index('ledger_lines_charge_idx').on(table.chargeId),
    index('ledger_lines_account_idx').on(table.account, table.practiceId),
    check('ledger_lines_not_zero', sql`${table.amountCents} <> 0`),
  ],
);

/** One weekly invoice per practice and week (Monday to Sunday, New Jersey time). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'restrict' }),
    /** 'CF-2026-W47-0012': year, ISO week and the practice's running number. */
    number: text('number').notNull(),
    weekStart: timestamp('week_start', { withTimezone: true }).notNull(),
    weekEnd: timestamp('week_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_once_per_week').on(table.practiceId, table.weekStart),
    uniqueIndex('invoices_number').on(table.number),
  ],
);

/** Every event notice a payment provider sent, kept once by its id (a replay changes nothing). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('payment_events_once').on(table.provider, table.providerEventId)],
);

/** Where a professional is paid: the provider's account for them and the bank they linked. */
export const payoutAccounts = pgTable('payout_accounts', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => professionals.id, { onDelete: 'restrict' }),
  providerAccountId: text('provider_account_id').notNull(),
  bankName: text('bank_name').notNull(),
  last4: text('last4').notNull(),
  accountType: text('account_type').notNull(),
  /**
   * Whether the provider pays out to it: Stripe asks the person for identity details first
   * (its own onboarding pages); payouts wait until it says yes (account.updated).
   */
  payoutsEnabled: boolean('payouts_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
