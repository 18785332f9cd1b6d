import { emailUnreadMessages } from '../notifications/message-emails';
import { lockedJob } from './job-lock';

/**
 * Every minute: a message unread for 15 minutes is e-mailed to its recipient, at most one
 * e-mail per conversation and recipient an hour (notifications/message-emails.ts).
 */
export const messageEmailsJob = lockedJob({
  name: 'message-emails',
  intervalMs: 60_000,
  async run(tx, ctx, now) {
    return emailUnreadMessages(tx, ctx.env, now);
  },
});
