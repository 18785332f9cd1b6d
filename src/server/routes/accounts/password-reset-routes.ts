import { isAPIError } from 'better-auth/api';
import { Hono } from 'hono';
import { z } from 'zod';
import { passwordResetMessages } from '@shared/messages';
import { newPasswordSchema, passwordResetRequestSchema } from '@shared/validation/password-reset';
import { isEmailRefusal } from '../../auth/identity-refusals';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';
import { addressKey, enforceRateLimits, rateLimitRules } from '../rate-limits';

const completeSchema = newPasswordSchema.and(
  z.object({
    token: z
      .string({ error: passwordResetMessages.linkInvalid })
      .min(1, passwordResetMessages.linkInvalid)
      .max(512, passwordResetMessages.linkInvalid),
  }),
);

export const passwordResetRoutes = new Hono<AppEnv>()
  /** Always the same answer, whether or not an account exists for the address. */
  .post('/request', async (c) => {
    const { email } = await readJson(c, passwordResetRequestSchema);
    await enforceRateLimits(c, [
      [addressKey(c, 'reset'), rateLimitRules.resetPerAddress],
      [`reset:email:${email}`, rateLimitRules.resetPerEmail],
    ]);
    try {
      await c.get('services').auth.api.requestPasswordReset({
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
    return c.json({ message: passwordResetMessages.sent });
  })
  .post('/complete', async (c) => {
    const input = await readJson(c, completeSchema);
    try {
      await c.get('services').auth.api.resetPassword({
        body: { newPassword: input.password, token: input.token },
      });
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 400) {
        throw new DomainError(400, 'invalid_token', passwordResetMessages.linkInvalid);
      }
      throw error;
    }
    return c.json({ message: passwordResetMessages.passwordChanged });
  });
