import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';

/**
 * What a job needs: the database, the public address (links in e-mails), the secret (signed
 * unsubscribe links) and the logger.
 */
export interface JobContext {
  db: Database;
  env: Pick<Env, 'publicUrl' | 'authSecret'>;
  logger: Logger;
}

/** What one run did, as counts (e.g. { completedShifts: 2 }). */
export type JobResult = Record<string, number>;

/** A job the scheduler runs every `intervalMs`, once across all server instances. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Does the work as of `now` (the dev route runs jobs at another time). Safe to run twice. */
  run(ctx: JobContext, now: Date): Promise<JobResult>;
}
