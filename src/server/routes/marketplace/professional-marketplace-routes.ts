import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { isProfessionalRole, professionalRoles } from '@shared/accounts';
import { applySchema, bookingMessages, cancelBookingSchema } from '@shared/marketplace/bookings';
import { ratingSchema } from '@shared/marketplace/ratings';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { applyForShift } from '../../services/marketplace/apply-for-shift';
import { bookShift } from '../../services/marketplace/book-shift';
import { cancelBooking } from '../../services/marketplace/cancel-booking';
import { listMyApplications } from '../../services/marketplace/list-my-applications';
import { listMyBookings } from '../../services/marketplace/list-my-bookings';
import { rateAsProfessional } from '../../services/marketplace/rate-booking';
import { withdrawApplication } from '../../services/marketplace/withdraw-application';
import type { ProfessionalAccount } from '../../services/professional/professional-account';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { loadSessionUser, requireAccount } from '../session';
import { readOptionalJson, uuidParam } from './request-parts';

async function professionalAccount(c: Context<AppEnv>): Promise<ProfessionalAccount> {
  const user = await loadSessionUser(c);
  if (!user || !isProfessionalRole(user.accountType)) {
    throw new DomainError(403, 'forbidden', genericErrors.forbidden);
  }
  return { id: user.id, email: user.email, role: user.accountType };
}

const professionalOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAccount(...professionalRoles)(c, async () => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
};

/**
 * Applying and booking, the professional's side (mounted at /api/professional; routes listed in
 * src/shared/marketplace/bookings.ts). Signed out: 401; a practice: 403. Every id in a path must
 * be one of the caller's own rows (else 404); applying and booking need a verified account.
 */
export const professionalMarketplaceRoutes = new Hono<AppEnv>()
  .post('/shifts/:shiftId/apply', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    const shiftId = uuidParam(c, 'shiftId', bookingMessages.shiftNotFound);
    const input = await readOptionalJson(c, applySchema);
    return c.json(await applyForShift(c.get('services'), account, shiftId, input), 201);
  })
  .post('/shifts/:shiftId/book', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    const shiftId = uuidParam(c, 'shiftId', bookingMessages.shiftNotFound);
    return c.json(await bookShift(c.get('services'), account, shiftId), 201);
  })
  .get('/applications', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    return c.json({ applications: await listMyApplications(c.get('services'), account) });
  })
  .post('/applications/:id/withdraw', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    const id = uuidParam(c, 'id', bookingMessages.applicationNotFound);
    return c.json(await withdrawApplication(c.get('services'), account, id));
  })
  .get('/bookings', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    return c.json({ bookings: await listMyBookings(c.get('services'), account) });
  })
  .post('/bookings/:id/cancel', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    const id = uuidParam(c, 'id', bookingMessages.bookingNotFound);
    const { reason } = await readJson(c, cancelBookingSchema);
    return c.json(await cancelBooking(c.get('services'), account, id, reason));
  })
  .post('/bookings/:id/rating', professionalOnly, async (c) => {
    const account = await professionalAccount(c);
    const id = uuidParam(c, 'id', bookingMessages.bookingNotFound);
    const input = await readJson(c, ratingSchema);
    return c.json(await rateAsProfessional(c.get('services'), account, id, input), 201);
  });
