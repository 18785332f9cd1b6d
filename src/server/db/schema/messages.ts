import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { practices } from './practices';
import { professionals } from './professionals';
import { shifts } from './shifts';

/**
 * A conversation about one shift between its practice and one professional who applied for it
 * or is (or was) booked on it (decision record 025). One per shift and professional; kept 12
 * months after the shift ends (the message-retention job deletes older ones).
 */
export const conversations = pgTable(
  'conversations',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: the lists are ordered by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When each side was last e-mailed about unread messages here (at most once an hour). */
    practiceEmailedAt: timestamp('practice_emailed_at', { withTimezone: true }),
    professionalEmailedAt: timestamp('professional_emailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversations_once_per_shift_professional').on(
      table.shiftId,
      table.professionalId,
    ),
    index('conversations_practice_idx').on(table.practiceId, table.lastMessageAt),
    index('conversations_professional_idx').on(table.professionalId, table.lastMessageAt),
  ],
);

/**
 * One message: its text exactly as typed (trimmed at the ends; escaped wherever it is shown),
 * which side sent it, and when the other side read it (the read receipt).
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['practice', 'professional'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('conversation_messages_conversation_idx').on(table.conversationId, table.createdAt),
    // The unread messages (counts, the e-mail fallback): a small partial index.
    index('conversation_messages_unread_idx')
      .on(table.conversationId, table.sender, table.createdAt)
      .where(sql`${table.readAt} is null`),
    check('conversation_messages_sender', sql`${table.sender} in ('practice', 'professional')`),
    check('conversation_messages_body_length', sql`char_length(${table.body}) between 1 and 2000`),
  ],
);
