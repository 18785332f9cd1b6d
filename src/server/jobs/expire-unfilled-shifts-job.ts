import { expireUnfilledShifts } from '../services/marketplace/expire-unfilled-shifts';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every minute: open shifts that started unfilled become expired, their pending applications
 * closed and the applicants told (shiftStatusAt shows them expired between runs).
 */
export const expireUnfilledShiftsJob: ScheduledJob = {
  name: 'expire-unfilled-shifts',
  intervalMs: 60_000,
  async run(ctx, now) {
    return expireUnfilledShifts(ctx.db, now);
  },
};
