/**
 * The constants, texts and helpers of conversations.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). conversations.ts re-exports them.
 */
/** The longest message, in characters (after trimming the ends). */
export const MESSAGE_MAX_LENGTH = 2000;

/** Messages a person may send per minute, across all their conversations. */
export const MESSAGES_PER_MINUTE = 30;

/** A message unread this long is e-mailed to its recipient. */
export const MESSAGE_EMAIL_AFTER_MINUTES = 15;

/** At most one such e-mail per conversation and recipient this often. */
export const MESSAGE_EMAIL_GAP_MINUTES = 60;

/** Conversations are kept this many months after their shift ends. */
export const CONVERSATION_KEPT_MONTHS = 12;

/** An open thread asks for new messages this often (milliseconds). */
export const THREAD_REFRESH_MS = 10_000;

/** The list and the unread count refresh this often (milliseconds). */
export const UNREAD_REFRESH_MS = 30_000;

/** The newest messages a thread shows. */
export const THREAD_MESSAGE_LIMIT = 200;

export const messageTexts = {
  section: 'Messages',
  title: 'Messages',
  hint: 'One conversation per shift with each applicant or the booked professional. Messages are kept for 12 months after the shift.',
  professionalHint:
    'One conversation per shift with the practice, once you applied for it or are booked on it. Messages are kept for 12 months after the shift.',
  banner:
    'Please do not share patient information in messages: no patient names, dates of birth or treatment details.',
  empty:
    'No messages yet. Open a shift’s applicants or booking and choose Message to write to a professional.',
  professionalEmpty:
    'No messages yet. Choose Message on a shift you applied for or are booked on to write to the practice.',
  noMessages: 'No messages in this conversation yet. Say hello!',
  loadFailed: 'Failed to load messages. Please try again.',
  sendFailed: 'Failed to send your message. Please try again.',
  notFound: 'Conversation not found.',
  bodyLabel: 'Your message',
  bodyRequired: 'Please enter a message',
  bodyTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  tooMany: 'You are sending messages too quickly. Please wait a minute and try again.',
  send: 'Send',
  sending: 'Sending...',
  sendHint: 'Enter sends; Shift+Enter starts a new line.',
  charactersLeft: (left: number) => `${left} characters left`,
  read: 'Read',
  sent: 'Sent',
  you: 'You',
  back: 'All messages',
  open: 'Message',
  openWith: (name: string) => `Message ${name}`,
  unread: (count: number) => (count === 1 ? '1 unread' : `${count} unread`),
  navLabel: (count: number) => (count === 0 ? 'Messages' : `Messages, ${count} unread`),
  cannotSend:
    'You can no longer send messages in this conversation. It stays here for 12 months after the shift.',
  /** The e-mail and bell entry about unread messages. */
  emailTitle: (from: string) => `New message from ${from}`,
  emailBody: (from: string, count: number, shift: string) =>
    count === 1
      ? `${from} sent you a message about the ${shift}. Read and answer it in ChairFill.`
      : `${from} sent you ${count} messages about the ${shift}. Read and answer them in ChairFill.`,
  emailAction: 'Read the message',
  emailNoReply: 'Replies to this e-mail are not read: please answer in ChairFill.',
} as const;

/** Where a conversation opens in each portal (the e-mail's and bell entry's link too). */
export function conversationPath(
  portalPath: string,
  side: 'practice' | 'professional',
  shiftId: string,
  professionalId: string,
): string {
  return side === 'practice'
    ? `${portalPath}/messages/${shiftId}/${professionalId}`
    : `${portalPath}/messages/${shiftId}`;
}
