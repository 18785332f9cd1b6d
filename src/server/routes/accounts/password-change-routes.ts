import { accountSecurityMessages, changePasswordSchema } from '@shared/account-security';
import { messageReply } from '@shared/account-replies';
import { changePassword } from '../../services/accounts/change-password';
import { DomainError } from '../../services/domain-error';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { limitFailures, rateLimitRules } from '../rate-limits';

const { router, route } = declareRoutes('account');

/** POST /api/account/password: current, new and confirmation; other sessions are signed out. */
export const passwordChangeRoutes = router().openapi(
  route(
    {
      method: 'post',
      path: '/',
      summary: 'Change the password (current, new, confirmation); every other device is signed out',
      request: { body: jsonBody(changePasswordSchema) },
      responses: { 200: jsonAnswer(messageReply, 'The password was changed') },
    },
    { errors: [429] },
  ),
  async (c) => {
    const { id, sessionId } = c.var.actor;
    const input = c.req.valid('json');
    const failures = `password-change-failures:user:${id}`;
    await limitFailures(
      c,
      [[failures, rateLimitRules.passwordChangeFailuresPerAccount]],
      () =>
        changePassword(c.var.services, {
          userId: id,
          currentSessionId: sessionId,
          currentPassword: input.currentPassword,
          newPassword: input.password,
          requestHeaders: c.req.raw.headers,
        }),
      isWrongCurrentPassword,
      [failures],
    );
    return c.json({ message: accountSecurityMessages.passwordChanged }, 200);
  },
);

/** Only a wrong current password counts as a failure (not a refused new password). */
function isWrongCurrentPassword(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'invalid_password';
}
