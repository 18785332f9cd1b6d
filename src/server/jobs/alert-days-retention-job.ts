import { deletePastAlertDays } from '../notifications/alert-slots';
import { lockedJob } from './job-lock';

/**
 * Every hour: the daily counts of shift alerts (decision record 050) of days more than a week
 * past are deleted; the cap reads only today's.
 */
export const alertDaysRetentionJob = lockedJob({
  name: 'alert-days-retention',
  intervalMs: 60 * 60_000,
  async run(tx, _ctx, now) {
    return { deletedAlertDays: await deletePastAlertDays(tx, now) };
  },
});
