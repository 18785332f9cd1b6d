import { shiftReachJob } from '../../src/server/jobs/shift-reach-job';
import type { RunningServer } from '../../src/server/server';

/**
 * Runs the shift-reach job until the reach queue is empty, as the scheduler's passes do
 * (decision records 030 and 034): the counts postings and list reads queued are stored. Answers
 * how many shifts it counted and dropped.
 */
export async function runReachJob(
  server: RunningServer,
  now = new Date(),
): Promise<{ computedReach: number; droppedReach: number }> {
  const { db, env, logger, payments, clock } = server.services;
  const total = { computedReach: 0, droppedReach: 0 };
  for (;;) {
    const ran = await shiftReachJob.run({ db, env, logger, payments, clock }, now);
    if (ran.computedReach! + ran.droppedReach! === 0) return total;
    total.computedReach += ran.computedReach!;
    total.droppedReach += ran.droppedReach!;
  }
}

/**
 * A practice's list as it reads once the job has counted what the list queued: `read` once
 * (it shows the stored counts and queues the shifts without a current one), the job, `read`
 * again. No read computes reach (decision record 034).
 */
export async function readAfterReachJob<T>(server: RunningServer, read: () => Promise<T>) {
  await read();
  await runReachJob(server);
  return read();
}
