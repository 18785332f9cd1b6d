import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { outboxColumns, outboxIndexes } from './outbox-columns';

/** Outgoing e-mail, queued in the database and delivered (with retries) by the mail worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers of this message (List-Unsubscribe of a bulk e-mail), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    ...outboxColumns(),
  },
  (table) => outboxIndexes('email_outbox', table),
);
