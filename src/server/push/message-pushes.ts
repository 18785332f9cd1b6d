import { portalPathByAccountType, type AccountType } from '@shared/accounts';
import { conversationPath } from '@shared/conversations/conversations';
import { PUSH_MESSAGE_PREVIEW, pushMessages } from '@shared/marketplace/push-notifications';
import type { QueuedPush } from './push-outbox';

/** A message just sent, as its recipient's push shows it. */
export interface SentMessage {
  messageId: string;
  shiftId: string;
  professionalId: string;
  /** The side that receives it, and that side's account. */
  to: 'practice' | 'professional';
  toUserId: string;
  /** The recipient's kind of account (which portal the push opens). */
  toAccountType: AccountType;
  /** The practice's name or the professional's, as the conversation shows it. */
  fromName: string;
  body: string;
}

/**
 * The push of a new message to each device of its recipient (kind `message`, unless they turned
 * it off), queued in the statement that stores the message (push-outbox.ts pushRowsInsert): "New
 * message from <name>" and the start of the text, opening the conversation. The conversation is
 * its tag, so a newer message replaces the older one on the device. Messages are not put under
 * the bell (the unread count is there).
 */
export function messagePush(message: SentMessage): QueuedPush {
  const text = message.body.replace(/\s+/g, ' ').trim();
  const preview =
    text.length > PUSH_MESSAGE_PREVIEW ? `${text.slice(0, PUSH_MESSAGE_PREVIEW)}…` : text;
  return {
    userId: message.toUserId,
    kind: 'message',
    payload: {
      title: pushMessages.messageTitle(message.fromName),
      body: preview,
      url: conversationPath(
        portalPathByAccountType[message.toAccountType],
        message.to,
        message.shiftId,
        message.professionalId,
      ),
      tag: `conversation:${message.shiftId}:${message.professionalId}`,
    },
    dedupeKey: `message:${message.messageId}`,
  };
}
