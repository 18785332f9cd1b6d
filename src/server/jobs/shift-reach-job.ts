import { computeQueuedReach } from '../services/matching/count-shift-reach';
import type { ScheduledJob } from './scheduled-job';

/** Batches a run takes at most (500 shifts each), so a large backlog never holds the job long. */
const BATCHES_PER_RUN = 4;

/**
 * Every pass: the reach of shifts posted or edited since (queued by the posting; decision record
 * 030), computed after their commit instead of inside it.
 */
export const shiftReachJob: ScheduledJob = {
  name: 'shift-reach',
  intervalMs: 5_000,
  async run(ctx) {
    let computed = 0;
    for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
      const taken = await computeQueuedReach(ctx.db);
      computed += taken;
      if (taken === 0) break;
    }
    return { computedReach: computed };
  },
};
