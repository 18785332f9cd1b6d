import { z } from 'zod';
import { multiLineText } from '../validation/fields';
import { MESSAGE_MAX_LENGTH, messageTexts } from './conversations-constants';
/**
 * Messages (decision record 025): one conversation per shift between its practice and each
 * applicant or the booked professional, plain text, read receipts, an e-mail when a message
 * stays unread, kept 12 months after the shift.
 */

export * from './conversations-constants';

/** The body of POST …/messages: plain text, trimmed, 1 to MESSAGE_MAX_LENGTH characters. */
export const sendMessageSchema = z.object({
  body: multiLineText({
    max: MESSAGE_MAX_LENGTH,
    tooLong: messageTexts.bodyTooLong,
    required: messageTexts.bodyRequired,
  }),
});

export type SendMessageInput = z.input<typeof sendMessageSchema>;
