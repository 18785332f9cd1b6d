import { isAPIError } from 'better-auth/api';
import { z } from 'zod';
import { passwordResetMessages } from '@shared/messages';
import { newPasswordSchema, passwordResetRequestSchema } from '@shared/validation/password-reset';
import { isEmailRefusal } from '../../auth/identity-refusals';
import { DomainError } from '../../services/domain-error';
import { messageReply } from '@shared/account-replies';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { addressKey, enforceRateLimits, rateLimitRules } from '../rate-limits';

const completeSchema = newPasswordSchema.and(
  z.object({
    token: z
      .string({ error: passwordResetMessages.linkInvalid })
      .min(1, passwordResetMessages.linkInvalid)
      .max(512, passwordResetMessages.linkInvalid),
  }),
);

const { router, route } = declareRoutes('signedOut');

/** /api/password-reset: the e-mailed link to choose a new password. */
export const passwordResetRoutes = router()
  .openapi(
    route(
      {
        method: 'post',
        path: '/request',
        summary: 'Send a reset link (always the same answer, whether or not an account exists)',
        request: { body: jsonBody(passwordResetRequestSchema) },
        responses: { 200: jsonAnswer(messageReply, 'The link was sent if the account exists') },
      },
      { errors: [429] },
    ),
    async (c) => {
      const { email } = c.req.valid('json');
      await enforceRateLimits(c, [
        [addressKey(c, 'reset'), rateLimitRules.resetPerAddress],
        [`reset:email:${email}`, rateLimitRules.resetPerEmail],
      ]);
      try {
        await c.var.services.auth.api.requestPasswordReset({
          body: { email, redirectTo: '/reset-password' },
        });
      } catch (error) {
        // The shared e-mail rule is the library's own, so this is only a safety net.
        if (isEmailRefusal(error)) {
          throw new DomainError(400, 'validation_failed', passwordResetMessages.invalidEmail, {
            email: passwordResetMessages.invalidEmail,
          });
        }
        throw error;
      }
      return c.json({ message: passwordResetMessages.sent }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/complete',
      summary: "Choose the new password with the link's token (the link works once)",
      request: { body: jsonBody(completeSchema) },
      responses: { 200: jsonAnswer(messageReply, 'The password was changed') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      try {
        await c.var.services.auth.api.resetPassword({
          body: { newPassword: input.password, token: input.token },
        });
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 400) {
          throw new DomainError(400, 'invalid_token', passwordResetMessages.linkInvalid);
        }
        throw error;
      }
      return c.json({ message: passwordResetMessages.passwordChanged }, 200);
    },
  );
