import { Hono } from 'hono';
import { z } from 'zod';
import { genericErrors } from '@shared/messages';
import { professionalStatuses, verificationDecisionSchema } from '@shared/screening';
import { DomainError } from '../../services/domain-error';
import { decideVerification } from '../../services/screening/decide-verification';
import { listProfessionalsForScreening } from '../../services/screening/list-professionals-for-screening';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { loadSessionUser, requireAccount } from '../session';

const statusQuery = z.enum(professionalStatuses);

/**
 * /api/admin: the platform staff's screening console. Signed out: 401; practices and
 * professionals: 403 (nothing is read or changed).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAccount('admin'))
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  /** GET /api/admin/professionals?status=pending (the default). */
  .get('/professionals', async (c) => {
    const parsed = statusQuery.safeParse(c.req.query('status') ?? 'pending');
    if (!parsed.success) throw new DomainError(400, 'validation_failed', genericErrors.badRequest);
    return c.json(await listProfessionalsForScreening(c.get('services'), parsed.data));
  })
  /** POST /api/admin/professionals/:id/decisions { decision, reason }. */
  .post('/professionals/:id/decisions', async (c) => {
    const admin = (await loadSessionUser(c))!;
    const input = await readJson(c, verificationDecisionSchema);
    const result = await decideVerification(c.get('services'), admin.id, c.req.param('id'), input);
    return c.json(result, 201);
  });
