import { Hono } from 'hono';
import { calendarFeedReply } from '@shared/marketplace/notification-replies';
import { genericErrors } from '@shared/messages';
import { buildCalendarFeed } from '../../services/calendar-feed/build-calendar-feed';
import {
  calendarFeedUrl,
  getOrCreateCalendarToken,
  replaceCalendarToken,
} from '../../services/calendar-feed/calendar-feed-token';
import { consumeRateLimit } from '../../services/rate-limit/consume-rate-limit';
import type { AppEnv } from '../app-env';
import { clientAddress } from '../client-address';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('bellOwner');

/** The signed-in person's feed link (mounted at /api/calendar-feed). */
export const calendarFeedRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The private calendar feed link (made on first use)',
      responses: { 200: jsonAnswer(calendarFeedReply, 'The feed link') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const token = await getOrCreateCalendarToken(db, c.var.actor.id);
      return c.json({ url: calendarFeedUrl(env.publicUrl, token) }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/replace',
      summary: 'A new feed link; the old one stops working',
      responses: { 200: jsonAnswer(calendarFeedReply, 'The new feed link') },
    }),
    async (c) => {
      const { db, env } = c.var.services;
      const token = await replaceCalendarToken(db, c.var.actor.id);
      return c.json({ url: calendarFeedUrl(env.publicUrl, token) }, 200);
    },
  );

/** Calendar apps poll a feed every few hours; this is far above that and far below guessing. */
const feedRateLimit = { max: 120, windowSeconds: 60 * 60 };

/**
 * The public feed: GET /calendar/<token>.ics, no session (calendar apps have none). The 43
 * character random token is the key; an unknown token is a 404, and each address may fetch
 * feeds at most 120 times an hour.
 */
export const publicCalendarRoutes = new Hono<AppEnv>().get('/calendar/:file', async (c) => {
  const file = c.req.param('file');
  const notFound = () =>
    c.json({ error: { code: 'not_found', message: genericErrors.notFound } }, 404, {
      'Cache-Control': 'no-store',
    });
  if (!file.endsWith('.ics')) return notFound();
  const { db } = c.get('services');
  if (!(await consumeRateLimit(db, `calendar-feed:ip:${clientAddress(c)}`, feedRateLimit))) {
    return c.text('Too many requests for calendar feeds. Please try again later.', 429, {
      'Retry-After': '3600',
    });
  }
  const body = await buildCalendarFeed(db, file.slice(0, -'.ics'.length));
  if (body === null) return notFound();
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'Content-Disposition': 'inline; filename="chairfill.ics"',
    'X-Robots-Tag': 'noindex',
  });
});
