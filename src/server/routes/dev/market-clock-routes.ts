import { Hono } from 'hono';
import { z } from 'zod';
import { ClockMoveError, type MovableClock } from '../../clock';
import { scheduledJobList } from '../../jobs/jobs';
import { createScheduler } from '../../jobs/scheduler';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';

/** How many of each the server's delivery workers have sent. */
export interface DeliveryCounts {
  notices: number;
  emails: number;
  pushes: number;
  texts: number;
}

/** The server's delivery workers, as the market step drives them (startServer builds it). */
export interface MarketDeliveries {
  /** How many notices, e-mails, pushes and texts this server has delivered since it started. */
  counts(): DeliveryCounts;
  /** Delivers everything due now: the notices first, then the e-mails, pushes and texts. */
  drain(): Promise<void>;
}

const moveSchema = z.object({
  to: z.iso.datetime({
    offset: true,
    error: 'to must be an ISO date and time, such as 2030-01-01T09:00:00Z',
  }),
});

/** Moves the clock to `to`; a time earlier than the clock is a 409 that moves nothing. */
function moveClock(clock: MovableClock, to: string): Date {
  try {
    return clock.moveTo(new Date(to));
  } catch (error) {
    if (error instanceof ClockMoveError) {
      throw new DomainError(409, 'clock_backwards', error.message);
    }
    throw error;
  }
}

/**
 * Development only, and only with MARKET_CLOCK=movable (not mounted otherwise, so 404): the market
 * clock that shifts, jobs and notices read (clock.ts, decision 048).
 *
 * - GET /api/dev/clock → { now }
 * - POST /api/dev/clock { to } → { now }: moves the clock forward (409 when `to` is earlier).
 * - POST /api/dev/market/step { to } → { now, jobs, notices, emails, pushes, texts }: moves the
 *   clock, runs the scheduled jobs due as of it, then delivers the notices and the e-mails,
 *   pushes and texts waiting, and answers what the step ran and how many of each went out.
 */
export function devMarketClockRoutes(clock: MovableClock, deliveries: MarketDeliveries) {
  return new Hono<AppEnv>()
    .get('/api/dev/clock', (c) => c.json({ now: clock.now().toISOString() }))
    .post('/api/dev/clock', async (c) => {
      const input = await readJson(c, moveSchema);
      return c.json({ now: moveClock(clock, input.to).toISOString() });
    })
    .post('/api/dev/market/step', async (c) => {
      const input = await readJson(c, moveSchema);
      const before = deliveries.counts();
      const now = moveClock(clock, input.to);
      const { db, env, logger, payments } = c.get('services');
      // The step's own scheduler: its jobs run one after the other, without the running
      // server's rests between them (nothing else is asked while a simulation waits).
      const scheduler = createScheduler({
        ctx: { db, env, logger, payments, clock },
        jobs: scheduledJobList,
        rest: async () => {},
      });
      const jobs = await scheduler.runDue(now);
      await deliveries.drain();
      const after = deliveries.counts();
      return c.json({
        now: now.toISOString(),
        jobs,
        notices: after.notices - before.notices,
        emails: after.emails - before.emails,
        pushes: after.pushes - before.pushes,
        texts: after.texts - before.texts,
      });
    });
}
