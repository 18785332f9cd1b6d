import { Hono } from 'hono';
import { accountSecurityMessages, changePasswordSchema } from '@shared/account-security';
import { changePassword } from '../../services/accounts/change-password';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { limitFailures, rateLimitRules } from '../rate-limits';
import { signedInSession } from './signed-in-session';

/** POST /api/account/password: current, new and confirmation; other sessions are signed out. */
export const passwordChangeRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { user, sessionId } = await signedInSession(c);
  const input = await readJson(c, changePasswordSchema);
  const failures = `password-change-failures:user:${user.id}`;
  await limitFailures(
    c,
    [[failures, rateLimitRules.passwordChangeFailuresPerAccount]],
    () =>
      changePassword(c.get('services'), {
        userId: user.id,
        currentSessionId: sessionId,
        currentPassword: input.currentPassword,
        newPassword: input.password,
        requestHeaders: c.req.raw.headers,
      }),
    isWrongCurrentPassword,
    [failures],
  );
  c.header('Cache-Control', 'no-store');
  return c.json({ message: accountSecurityMessages.passwordChanged });
});

/** Only a wrong current password counts as a failure (not a refused new password). */
function isWrongCurrentPassword(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'invalid_password';
}
