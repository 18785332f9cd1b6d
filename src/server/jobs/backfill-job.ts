import { runBackfills } from '../services/trust/backfill';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every minute: favourites-first shifts whose time is over open to everyone, and the best
 * matches of each shift open again after a cancellation are told (decision record 022).
 */
export const backfillJob: ScheduledJob = {
  name: 'backfill',
  intervalMs: 60_000,
  async run(ctx, now) {
    return runBackfills(ctx.db, now);
  },
};
