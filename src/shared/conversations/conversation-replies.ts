import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { shiftPositions } from '../practice/shift-constants';

/** The shift a conversation is about. */
export const conversationShiftReply = z.object({
  id: z.string(),
  position: z.enum(shiftPositions),
  startTime: isoInstant,
  endTime: isoInstant,
});

/** One conversation in a list: who with, which shift, the last message, how many unread. */
export const conversationSummaryReply = z
  .object({
    shiftId: z.string(),
    professionalId: z.string(),
    /** The other side: the professional's name for a practice, the practice's for a professional. */
    otherName: z.string(),
    shift: conversationShiftReply,
    lastMessage: z
      .object({ body: z.string(), mine: z.boolean(), createdAt: isoInstant })
      .nullable(),
    /** Messages of the other side this caller has not read. */
    unread: z.number().int(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummaryDto = z.infer<typeof conversationSummaryReply>;

export const conversationsReply = z.object({ conversations: z.array(conversationSummaryReply) });
export type ConversationsDto = z.infer<typeof conversationsReply>;

export const conversationMessageReply = z.object({
  id: z.string(),
  body: z.string(),
  /** Sent by the caller's side. */
  mine: z.boolean(),
  createdAt: isoInstant,
  /** When the other side read it (the read receipt); null while unread. */
  readAt: isoInstant.nullable(),
});
export type ConversationMessageDto = z.infer<typeof conversationMessageReply>;

/** One conversation, oldest message first (the newest THREAD_MESSAGE_LIMIT). */
export const conversationThreadReply = z
  .object({
    shiftId: z.string(),
    professionalId: z.string(),
    otherName: z.string(),
    shift: conversationShiftReply,
    /** False once a block stands between the two: the history stays readable. */
    canSend: z.boolean(),
    messages: z.array(conversationMessageReply),
  })
  .meta({ id: 'ConversationThread' });
export type ConversationThreadDto = z.infer<typeof conversationThreadReply>;

export const unreadMessagesReply = z.object({ unread: z.number().int() });
export type UnreadMessagesDto = z.infer<typeof unreadMessagesReply>;
