import { computeQueuedReach } from '../services/matching/count-shift-reach';
import type { ScheduledJob } from './scheduled-job';

/**
 * Shifts a run takes at most: about a second of the database's time on the large market (a
 * batch of 500 took 5-7 s, and four ran back to back, taking a core from the requests of a
 * server just started: bench:cold). A backlog is worked off a batch per pass; a list read
 * meanwhile computes the reach it shows itself.
 */
const SHIFTS_PER_RUN = 100;

/**
 * Every pass: the reach of shifts posted or edited since (queued by the posting; decision record
 * 030), computed after their commit instead of inside it.
 */
export const shiftReachJob: ScheduledJob = {
  name: 'shift-reach',
  intervalMs: 5_000,
  async run(ctx) {
    return { computedReach: await computeQueuedReach(ctx.db, SHIFTS_PER_RUN) };
  },
};
