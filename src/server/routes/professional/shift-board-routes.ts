import { Hono } from 'hono';
import { isProfessionalRole, professionalRoles } from '@shared/accounts';
import { shiftBoardQuerySchema } from '@shared/matching/shift-board';
import { genericErrors } from '@shared/messages';
import { shiftBoardJson } from '../../services/matching/list-shift-board';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { jsonText, validationError } from '../http';
import { loadSessionUser, requireAccount } from '../session';

/**
 * /api/professional/shift-board: Find Shifts, the open future shifts that fit the signed-in
 * professional, with why. `?maxDistance=` (miles, up to 100) widens the travel distance,
 * `?includeBelowMinimum=true` shows shifts paying less than their minimum. Signed out: 401;
 * a practice: 403.
 */
export const shiftBoardRoutes = new Hono<AppEnv>()
  .use('*', requireAccount(...professionalRoles))
  .get('/', async (c) => {
    const user = await loadSessionUser(c);
    if (!user || !isProfessionalRole(user.accountType)) {
      throw new DomainError(403, 'forbidden', genericErrors.forbidden);
    }
    const parsed = shiftBoardQuerySchema.safeParse({
      maxDistance: c.req.query('maxDistance'),
      includeBelowMinimum: c.req.query('includeBelowMinimum'),
    });
    if (!parsed.success) throw validationError(parsed.error);
    const account = { id: user.id, email: user.email, role: user.accountType };
    c.header('Cache-Control', 'no-store');
    const body = await shiftBoardJson(c.get('services'), account, parsed.data);
    return jsonText(c, body);
  });
