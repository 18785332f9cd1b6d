import { Hono } from 'hono';
import { professionalRoles } from '@shared/accounts';
import {
  emailChangeConfirmSchema,
  emailChangeMessages,
  emailChangeRequestSchema,
} from '@shared/validation/email-change';
import { confirmEmailChange, requestEmailChange } from '../../services/accounts/change-email';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { enforceRateLimits, rateLimitRules } from '../rate-limits';
import { loadSessionUser, requireAccount } from '../session';

/**
 * /api/account/email: one e-mail per account, changed only through a link to the new address.
 * POST /change (a signed-in professional or practice): sends the link, changes nothing yet.
 * POST /confirm (whoever opens the link, signed in or not): the token makes the change.
 */
export const emailChangeRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/change', requireAccount(...professionalRoles, 'practice'), async (c) => {
    const user = (await loadSessionUser(c))!;
    const { newEmail } = await readJson(c, emailChangeRequestSchema);
    await enforceRateLimits(c, [[`email-change:user:${user.id}`, rateLimitRules.resetPerEmail]]);
    const result = await requestEmailChange(c.get('services'), user, newEmail);
    return c.json({ ...result, message: emailChangeMessages.linkSent(result.pendingEmail) }, 202);
  })
  .post('/confirm', async (c) => {
    const { token } = await readJson(c, emailChangeConfirmSchema);
    const result = await confirmEmailChange(c.get('services'), token);
    return c.json({ ...result, message: emailChangeMessages.confirmed(result.email) });
  });
