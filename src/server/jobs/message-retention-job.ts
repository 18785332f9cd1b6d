import { deleteExpiredConversations } from '../services/messages/conversations';
import { lockedJob } from './job-lock';

/**
 * Every hour: conversations whose shift ended more than 12 months ago are deleted with their
 * messages, a bounded batch per run (decision record 025).
 */
export const messageRetentionJob = lockedJob({
  name: 'message-retention',
  intervalMs: 60 * 60_000,
  async run(tx, _ctx, now) {
    return { deletedConversations: await deleteExpiredConversations(tx, now) };
  },
});
