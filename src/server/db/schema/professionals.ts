import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_DAILY_ALERT_CAP,
  MAX_DAILY_ALERT_CAP,
  MIN_DAILY_ALERT_CAP,
} from '../../../shared/fill/alert-cap-constants';
import { user } from './auth';
import { storedFiles } from './files';

export interface AvailabilityEntry {
  day: string;
  startTime: string;
  endTime: string;
}

/** A flag group: boolean flags by key plus a free-text `other`. */
export type FlagGroup = Record<string, boolean | string>;

/**
 * One table for hygienists, dental assistants and front desk professionals; `role` says which,
 * and the role-specific fields (license number and type, flag groups) are filled per role.
 */
export const professionals = pgTable(
  'professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['hygienist', 'assistant', 'front-desk'] }).notNull(),
    position: text('position').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'rejected', 'suspended'] })
      .notNull()
      .default('pending'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    licenseNumber: text('license_number'),
    licenseType: text('license_type', { enum: ['General', 'CDA', 'RDA', 'EFDA'] }),
    yearsOfExperience: integer('years_of_experience').notNull().default(0),
    employmentStatus: text('employment_status', {
      enum: ['employed', 'part-time', 'temp', 'seeking'],
    }),
    availability: jsonb('availability').$type<AvailabilityEntry[]>().notNull().default([]),
    preferredLocations: jsonb('preferred_locations').$type<string[]>().notNull().default([]),
    homeAddress: text('home_address').notNull().default(''),
    homeZipCode: text('home_zip_code').notNull().default(''),
    travelDistanceMiles: integer('travel_distance_miles'),
    /** Centroid of homeZipCode (offline ZIP data), for distance matching; null when unknown. */
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    minimumRateCents: integer('minimum_rate_cents'),
    photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    resumeFileId: uuid('resume_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    specialty: jsonb('specialty').$type<FlagGroup>().notNull().default({}),
    certifications: jsonb('certifications').$type<FlagGroup>().notNull().default({}),
    scanning: jsonb('scanning').$type<FlagGroup>().notNull().default({}),
    software: jsonb('software').$type<FlagGroup>().notNull().default({}),
    cbct: jsonb('cbct').$type<FlagGroup>().notNull().default({}),
    skills: jsonb('skills').$type<FlagGroup>().notNull().default({}),
    /** At most this many shift alerts a New Jersey day (Settings; schema/fill.ts counts them). */
    dailyAlertCap: smallint('daily_alert_cap').notNull().default(DEFAULT_DAILY_ALERT_CAP),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('professionals_role_status_idx').on(table.role, table.status),
    check(
      'professionals_daily_alert_cap',
      sql`${table.dailyAlertCap} between ${sql.raw(String(MIN_DAILY_ALERT_CAP))} and ${sql.raw(String(MAX_DAILY_ALERT_CAP))}`,
    ),
  ],
);

/** Screening decisions by platform staff, kept as a history (who, when, why). */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    adminUserId: uuid('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    decision: text('decision', {
      enum: ['verified', 'rejected', 'suspended', 'reinstated', 'changed'],
    }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_decisions_professional_idx').on(table.professionalId, table.createdAt),
  ],
);
