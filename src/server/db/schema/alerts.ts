import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';
import { outboxColumns, outboxIndexes } from './outbox-columns';

/** A browser that agreed to push notifications: the push service's endpoint and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), RFC 8291. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', as the person's devices list shows it. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/** Push settings per kind of notification (no stored choice = on once a device agreed). */
export const pushPreferences = pgTable(
  'push_preferences',
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

/** Push messages waiting for (or done with) the push worker, one per subscription. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the service worker shows: title, body, the page it opens, a tag that folds repeats. */
    payload: jsonb('payload')
      .$type<{ title: string; body: string; url: string; tag: string }>()
      .notNull(),
    ...outboxColumns(),
  },
  (table) => outboxIndexes('push_outbox', table),
);

/**
 * The person's mobile number for text messages: confirmed with a code before anything else is
 * sent to it, and never texted again after STOP (until START).
 */
export const smsPhones = pgTable(
  'sms_phones',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** E.164, e.g. +12015550123. */
    phone: text('phone').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The person's switch for texts (booking confirmations, cancellations, reminders). */
    enabled: boolean('enabled').notNull().default(true),
    /** The pending confirmation code: its hash, when it stops working, wrong tries so far. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** Set by a STOP reply from this number; cleared by START. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_phones_phone_idx').on(table.phone)],
);

/** Text messages waiting for (or done with) the SMS worker. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** The provider's id of the sent message (Twilio's SID). */
    providerId: text('provider_id'),
    ...outboxColumns(),
  },
  (table) => outboxIndexes('sms_outbox', table),
);

/**
 * Notices to compose after the commit (decision record 031): what happened (`source` and its
 * event as JSON), queued by the transaction that made the change and turned into bell entries,
 * e-mails, pushes and texts by the notice worker in a transaction of its own, which deletes the
 * row (so each is delivered once). A row whose delivery fails is tried again later, and kept
 * with its error after the last try (`failedAt`).
 */
export const noticeQueue = pgTable(
  'notice_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', {
      enum: ['marketplace', 'shift-lifecycle', 'trust', 'timesheet'],
    }).notNull(),
    event: jsonb('event').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('notice_queue_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`failed_at is null`),
  ],
);
