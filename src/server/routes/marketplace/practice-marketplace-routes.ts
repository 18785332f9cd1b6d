import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bookingMessages } from '@shared/marketplace/bookings';
import { ratingSchema } from '@shared/marketplace/ratings';
import { acceptApplication } from '../../services/marketplace/accept-application';
import { declineApplication } from '../../services/marketplace/decline-application';
import { listApplicants } from '../../services/marketplace/list-applicants';
import { rateAsPractice } from '../../services/marketplace/rate-booking';
import { findPracticeForUser } from '../../services/practice/find-practice-for-user';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { loadSessionUser, requireAccount } from '../session';
import { uuidParam } from './request-parts';

/** The signed-in practice's id (after requireAccount('practice')); every query is limited to it. */
async function ownPracticeId(c: Context<AppEnv>): Promise<string> {
  const user = await loadSessionUser(c);
  return findPracticeForUser(c.get('services'), user!.id);
}

const practiceOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAccount('practice')(c, async () => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
};

/**
 * Applicants, accepting, declining and rating, the practice's side (mounted at /api/practice;
 * the cancel route lives with the other shift routes). Signed out: 401; a professional: 403;
 * another practice's shift or application: 404. Middleware is attached per route so it never
 * runs for the other routers mounted under /api/practice.
 */
export const practiceMarketplaceRoutes = new Hono<AppEnv>()
  .get('/shifts/:shiftId/applicants', practiceOnly, async (c) => {
    const shiftId = uuidParam(c, 'shiftId', bookingMessages.shiftNotFound);
    const practiceId = await ownPracticeId(c);
    return c.json({ applicants: await listApplicants(c.get('services'), practiceId, shiftId) });
  })
  .post('/applications/:id/accept', practiceOnly, async (c) => {
    const id = uuidParam(c, 'id', bookingMessages.applicationNotFound);
    const practiceId = await ownPracticeId(c);
    return c.json(await acceptApplication(c.get('services'), practiceId, id));
  })
  .post('/applications/:id/decline', practiceOnly, async (c) => {
    const id = uuidParam(c, 'id', bookingMessages.applicationNotFound);
    const practiceId = await ownPracticeId(c);
    return c.json(await declineApplication(c.get('services'), practiceId, id));
  })
  .post('/shifts/:shiftId/rating', practiceOnly, async (c) => {
    const shiftId = uuidParam(c, 'shiftId', bookingMessages.shiftNotFound);
    const practiceId = await ownPracticeId(c);
    const input = await readJson(c, ratingSchema);
    return c.json(await rateAsPractice(c.get('services'), practiceId, shiftId, input), 201);
  });
