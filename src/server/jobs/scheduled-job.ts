import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { PaymentProvider } from '../payments/payment-provider';

/**
 * What a job needs: the database, the public address (links in e-mails), the secret (signed
 * unsubscribe links), the logger, the payment provider and the market clock.
 */
export interface JobContext {
  db: Database;
  env: Pick<Env, 'publicUrl' | 'authSecret'>;
  logger: Logger;
  /** Debits, transfers and the sandbox's settlements for the payments job. */
  payments: PaymentProvider;
  /** The market clock the scheduler's passes read (clock.ts); a run is given its `now`. */
  clock: Clock;
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
