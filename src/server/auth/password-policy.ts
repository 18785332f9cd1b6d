import { createAuthMiddleware } from 'better-auth/api';
import { accountSecurityMessages } from '@shared/account-security';
import { DomainError } from '../services/domain-error';
import { isCommonPassword } from './common-passwords';

/**
 * better-auth endpoints that set a new password, and the body field carrying it. Our routes
 * call them for sign-up (/api/signup/*), reset (/api/password-reset/complete) and change
 * (/api/account/password); the field the user typed it in is 'password' in all three forms.
 */
const newPasswordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Runs before every better-auth endpoint: a new password from the list of the most common ones
 * is refused with a 400 (the password field's message) before anything is written.
 */
export const refuseCommonPasswords = createAuthMiddleware(async (ctx) => {
  const field = newPasswordFields[ctx.path];
  if (!field) return;
  const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new DomainError(400, 'common_password', accountSecurityMessages.commonPassword, {
      password: accountSecurityMessages.commonPassword,
    });
  }
});
