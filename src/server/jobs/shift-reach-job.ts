import { computeQueuedReach } from '../services/matching/count-shift-reach';
import type { ScheduledJob } from './scheduled-job';

/**
 * Shifts a run takes at most: about a second of the database's time on the large market (a
 * batch of 500 took 5-7 s, and four ran back to back, taking a core from the requests of a
 * server just started: bench:cold). A backlog is worked off a batch per pass, oldest first;
 * meanwhile the lists show the counts stored before, or that they are being counted.
 */
const SHIFTS_PER_RUN = 100;

/**
 * Every pass: the reach of shifts posted or edited since (queued by the posting; decision record
 * 030), and of those a practice's list showed without a current count (queued by the read;
 * decision record 034), computed after their commit instead of inside it. Queued shifts that
 * are no longer open, or have started, are dropped.
 */
export const shiftReachJob: ScheduledJob = {
  name: 'shift-reach',
  intervalMs: 5_000,
  async run(ctx, now) {
    const { computed, dropped } = await computeQueuedReach(ctx.db, SHIFTS_PER_RUN, now);
    return { computedReach: computed, droppedReach: dropped };
  },
};
