import { Hono } from 'hono';
import { z } from 'zod';
import { scheduledJobList } from '../../jobs/jobs';
import { createScheduler } from '../../jobs/scheduler';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { requireJsonContentType, validBody } from '../http';

const runJobsSchema = z.object({
  now: z.iso
    .datetime({
      offset: true,
      error: 'now must be an ISO date and time, such as 2030-01-01T09:00:00Z',
    })
    .optional(),
});

/**
 * Development only (not mounted in production): POST /api/dev/jobs/run { now?: ISO } runs every
 * scheduled job once, right away, as of `now` (default: the market clock), and answers what each did.
 * End-to-end tests use it to complete ended shifts and send reminders and digests without waiting.
 */
export const devJobsRoutes = new Hono<AppEnv>().post('/api/dev/jobs/run', async (c) => {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim()) {
    requireJsonContentType(c);
    try {
      body = JSON.parse(text);
    } catch {
      throw new DomainError(
        400,
        'invalid_json',
        'The body must be JSON, such as {"now": "2030-01-01T09:00:00Z"}',
      );
    }
  }
  const input = validBody(body, runJobsSchema);
  const { db, env, logger, payments, clock } = c.get('services');
  const now = input.now ? new Date(input.now) : clock.now();
  const scheduler = createScheduler({
    ctx: { db, env, logger, payments, clock },
    jobs: scheduledJobList,
  });
  const jobs = await scheduler.runAll(now);
  return c.json({ now: now.toISOString(), jobs });
});
