import { completeEndedShifts } from '../services/marketplace/complete-ended-shifts';
import type { ScheduledJob } from './scheduled-job';

/** Every minute: filled shifts that have ended become completed (and their bookings). */
export const completeEndedShiftsJob: ScheduledJob = {
  name: 'complete-ended-shifts',
  intervalMs: 60_000,
  async run(ctx, now) {
    return { completedShifts: await completeEndedShifts(ctx.db, now) };
  },
};
