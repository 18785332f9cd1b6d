import { computeQueuedReach } from '../services/matching/count-shift-reach';
import type { ScheduledJob } from './scheduled-job';

/**
 * Shifts a transaction of the job takes at most: about a second of the database's time on the
 * large market (a batch of 500 took 5-7 s, and four ran back to back, taking a core from the
 * requests of a server just started: bench:cold).
 */
const SHIFTS_PER_BATCH = 100;

/**
 * A run takes further batches, oldest first, only while it has used less than this: on a small
 * market it empties the queue at once; on the large one a run stays at about one batch, and a
 * backlog is worked off a batch per pass while the lists show the counts stored before, or that
 * they are being counted (decision record 034).
 */
const RUN_BUDGET_MS = 1_000;

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
    const started = Date.now();
    const result = { computedReach: 0, droppedReach: 0 };
    for (;;) {
      const { computed, dropped } = await computeQueuedReach(ctx.db, SHIFTS_PER_BATCH, now);
      result.computedReach += computed;
      result.droppedReach += dropped;
      if (computed + dropped < SHIFTS_PER_BATCH || Date.now() - started >= RUN_BUDGET_MS) {
        return result;
      }
    }
  },
};
