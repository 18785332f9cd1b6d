import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { JobContext, JobResult, ScheduledJob } from './scheduled-job';

/** A claimed run is leased this long: another instance takes the job over only after it. */
export const JOB_LEASE_MS = 10 * 60_000;

export type JobRunReport =
  | { name: string; ran: true; result: JobResult }
  | { name: string; ran: true; error: string }
  | { name: string; ran: false };

export interface Scheduler {
  /** Runs each job that is due as of `now` (default: the market clock) and this instance could claim. */
  runDue(now?: Date): Promise<JobRunReport[]>;
  /** Runs every job once as of `now` (default: the market clock), due or not (development route). */
  runAll(now?: Date): Promise<JobRunReport[]>;
  /** Checks for due jobs every `pollMs` (the first time `pollMs` after the start) until stopped. */
  start(pollMs: number): void;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

function at(now: Date) {
  return sql`${now.toISOString()}::timestamptz`;
}

function ms(value: number) {
  return sql`make_interval(secs => ${value / 1000})`;
}

/**
 * Runs scheduled jobs over the scheduled_jobs table, safe with several server instances on one
 * database: a run is claimed by ONE conditional update that moves `next_run_at` one interval
 * forward and takes a lease, and only when the run is due and no lease is held, so of two
 * instances polling at once exactly one gets it. A failed run records its error in `last_error`
 * and is tried again at the next interval; a crashed instance's lease runs out.
 */
export function createScheduler(options: {
  ctx: JobContext;
  jobs: ScheduledJob[];
  /** Called after a run (e-mails may have been queued: the mail worker can deliver at once). */
  afterRun?: () => void;
  /**
   * How a pass rests after each job that ran, as long as it took (a timer; tests count the
   * rests): a server's first pass after a restart (every job's backlog at once) takes at most
   * half of its time while its pages are asked for.
   */
  rest?: (ms: number) => Promise<void>;
}): Scheduler {
  const rest =
    options.rest ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { ctx, jobs } = options;
  let registered: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  /** One row per job; a new job is due at once. */
  const register = () =>
    (registered ??= (async () => {
      await ctx.db
        .insert(scheduledJobs)
        .values(jobs.map((job) => ({ name: job.name, nextRunAt: new Date(0) })))
        .onConflictDoNothing({ target: scheduledJobs.name });
    })().catch((error: unknown) => {
      registered = null;
      throw error;
    }));

  const claim = async (job: ScheduledJob, now: Date): Promise<boolean> => {
    const rows = await queryRows<{ name: string }>(
      ctx.db,
      sql`update scheduled_jobs
        set next_run_at = ${at(now)} + ${ms(job.intervalMs)},
            locked_until = ${at(now)} + ${ms(JOB_LEASE_MS)}
        where name = ${job.name}
          and next_run_at <= ${at(now)}
          and (locked_until is null or locked_until <= ${at(now)})
        returning name`,
    );
    return rows.length === 1;
  };

  const execute = async (job: ScheduledJob, now: Date): Promise<JobRunReport> => {
    try {
      const result = await job.run(ctx, now);
      await ctx.db.execute(
        sql`update scheduled_jobs set last_run_at = ${at(now)}, last_error = null, locked_until = null
          where name = ${job.name}`,
      );
      return { name: job.name, ran: true, result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.logger.warn('scheduled job failed', { job: job.name, error: message });
      await ctx.db
        .execute(
          sql`update scheduled_jobs set last_run_at = ${at(now)}, last_error = ${message.slice(0, 1000)},
            locked_until = null where name = ${job.name}`,
        )
        .catch(() => {});
      return { name: job.name, ran: true, error: message };
    } finally {
      options.afterRun?.();
    }
  };

  const runDue = async (now = ctx.clock.now()) => {
    await register();
    const reports: JobRunReport[] = [];
    for (const job of jobs) {
      if (stopped) break;
      if (!(await claim(job, now))) {
        reports.push({ name: job.name, ran: false });
        continue;
      }
      const started = performance.now();
      reports.push(await execute(job, now));
      if (!stopped) await rest(performance.now() - started);
    }
    return reports;
  };

  const runAll = async (now = ctx.clock.now()) => {
    await register();
    const reports: JobRunReport[] = [];
    for (const job of jobs) reports.push(await execute(job, now));
    return reports;
  };

  return {
    runDue,
    runAll,
    start(pollMs) {
      const tick = () => {
        if (stopped || running) return;
        running = runDue()
          .catch((error: unknown) =>
            ctx.logger.warn('scheduled jobs check failed', { error: String(error) }),
          )
          .finally(() => {
            running = null;
          });
      };
      // The first pass one interval after the start: a server just started answers its first
      // pages (its caches, its compiled code still cold) before the jobs' backlog.
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
