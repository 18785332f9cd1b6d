import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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

export interface PracticeDentalSoftware {
  Dentrix: boolean;
  Eaglesoft: boolean;
  OpenDental: boolean;
  'Dentrix Ascend': boolean;
  Curve: boolean;
  'Practice Web': boolean;
  other: string;
}

export const practices = pgTable(
  'practices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    practiceName: text('practice_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    businessOwner: text('business_owner').notNull().default(''),
    pointOfContact: text('point_of_contact').notNull(),
    mobileNumber: text('mobile_number').notNull().default(''),
    dentalSoftware: jsonb('dental_software').$type<PracticeDentalSoftware>().notNull(),
    hygienistMaxRateCents: integer('hygienist_max_rate_cents'),
    dentalAssistantMaxRateCents: integer('dental_assistant_max_rate_cents'),
    frontDeskMaxRateCents: integer('front_desk_max_rate_cents'),
    /** Payment method: the bank account token from the bank-linking provider and what to show. */
    paymentMethodId: text('payment_method_id'),
    paymentMethodLast4: text('payment_method_last4'),
    paymentMethodBankName: text('payment_method_bank_name'),
    paymentMethodAccountType: text('payment_method_account_type'),
    paymentMethodUpdatedAt: timestamp('payment_method_updated_at', { withTimezone: true }),
    /** The provider's access token, encrypted (AES-256-GCM); never sent to the browser. */
    bankAccessTokenEncrypted: text('bank_access_token_encrypted'),
    bankItemId: text('bank_item_id'),
    /** The payment provider's customer that pays this practice's debits, and the bank attached to it. */
    paymentCustomerId: text('payment_customer_id'),
    providerBankId: text('provider_bank_id'),
    /**
     * The practice's authorization to debit the linked bank (ACH mandate), given when it linked it:
     * when, from which address and browser. Sent with the first debit of that bank.
     */
    debitAuthorizedAt: timestamp('debit_authorized_at', { withTimezone: true }),
    debitAuthorizationIp: text('debit_authorization_ip'),
    debitAuthorizationUserAgent: text('debit_authorization_user_agent'),
    /** Set when a debit failed or came back: no new shifts until the payment method is replaced. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /**
     * ChairFill's review of a new practice (decision record 021): until 'verified', its shifts
     * reach nobody and it may hold only a few open shifts. The history is in
     * practice_verification_decisions.
     */
    verificationStatus: text('verification_status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    /** What the practice says about itself on its scorecard (no patient data). */
    parking: text('parking').notNull().default(''),
    patientsPerHour: integer('patients_per_hour'),
    assistantProvided: boolean('assistant_provided'),
    dressCode: text('dress_code').notNull().default(''),
    firstDayInstructions: text('first_day_instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The few practices not verified yet: every board query skips their shifts.
    index('practices_unverified_idx')
      .on(table.id)
      .where(sql`${table.verificationStatus} <> 'verified'`),
    check(
      'practices_verification_status',
      sql`${table.verificationStatus} in ('pending', 'verified', 'rejected')`,
    ),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: uuid('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    pointOfContact: text('point_of_contact').notNull().default(''),
    dentalSoftware: text('dental_software').notNull().default(''),
    operatoryCount: integer('operatory_count').notNull().default(1),
    /** Centroid of zipCode (offline ZIP data), for distance matching; null when unknown. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isMainLocation: boolean('is_main_location').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('locations_practice_id_idx').on(table.practiceId),
    uniqueIndex('locations_one_main_per_practice')
      .on(table.practiceId)
      .where(sql`${table.isMainLocation}`),
  ],
);
