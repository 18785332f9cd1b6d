import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { JobContext, JobResult, ScheduledJob } from './scheduled-job';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Holds a transaction-scoped advisory lock named after the job, so a run started by hand (the
 * development route) and a scheduled run of the same job never interleave.
 */
export async function lockJob(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chairfill-job:${name}`}))`);
}

/**
 * A scheduled job whose every run is one transaction holding the job's advisory lock (lockJob):
 * what it records and what it delivers commit together, and runs never interleave.
 */
export function lockedJob(job: {
  name: string;
  intervalMs: number;
  run(tx: Tx, ctx: JobContext, now: Date): Promise<JobResult>;
}): ScheduledJob {
  return {
    name: job.name,
    intervalMs: job.intervalMs,
    run: (ctx, now) =>
      ctx.db.transaction(async (tx) => {
        await lockJob(tx, job.name);
        return job.run(tx, ctx, now);
      }),
  };
}
