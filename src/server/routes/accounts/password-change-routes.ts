import { Hono } from 'hono';
import { accountSecurityMessages, changePasswordSchema } from '@shared/account-security';
import { changePassword } from '../../services/accounts/change-password';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { enforceRateLimits } from '../rate-limits';
import { signedInSession } from './signed-in-session';

/** Guessing the current password from a borrowed session: ten tries per account per 15 minutes. */
const changePerAccount = { max: 10, windowSeconds: 15 * 60 };

/** POST /api/account/password: current, new and confirmation; other sessions are signed out. */
export const passwordChangeRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { user, sessionId } = await signedInSession(c);
  const input = await readJson(c, changePasswordSchema);
  await enforceRateLimits(c, [[`password-change:user:${user.id}`, changePerAccount]]);
  await changePassword(c.get('services'), {
    userId: user.id,
    currentSessionId: sessionId,
    currentPassword: input.currentPassword,
    newPassword: input.password,
    requestHeaders: c.req.raw.headers,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ message: accountSecurityMessages.passwordChanged });
});
