import { isAPIError } from 'better-auth/api';
import { accountSecurityMessages } from '@shared/account-security';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { endOtherAccountSessions } from './account-sessions';
import { revokePasswordResetLinks } from './password-reset-links';

/**
 * Changes the signed-in user's password after checking the current one (better-auth hashes the
 * new one; a common password is refused by the password policy), then signs out every other
 * session of the user and makes every reset link still outstanding unusable. The session making
 * the change stays signed in.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: {
    userId: string;
    currentSessionId: string;
    currentPassword: string;
    newPassword: string;
    requestHeaders: Headers;
  },
): Promise<{ otherSessionsEnded: number }> {
  try {
    await ctx.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: false,
      },
      headers: input.requestHeaders,
    });
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'INVALID_PASSWORD') {
      throw new DomainError(400, 'invalid_password', accountSecurityMessages.currentPasswordWrong, {
        currentPassword: accountSecurityMessages.currentPasswordWrong,
      });
    }
    throw error;
  }
  await revokePasswordResetLinks(ctx.db, input.userId);
  const otherSessionsEnded = await endOtherAccountSessions(
    ctx.db,
    input.userId,
    input.currentSessionId,
  );
  return { otherSessionsEnded };
}
