import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { AccountType } from '@shared/accounts';
import { user } from '../../db/schema';
import { identityRefusal } from '../../auth/identity-refusals';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

export interface CreatedUser {
  userId: string;
  /** Set-Cookie headers of the new session. */
  headers: Headers;
}

/**
 * Creates the sign-in account through better-auth (hashing, session, cookie) and runs
 * `createProfile` for the product record; if that fails the account is removed again,
 * so a half-created account never remains.
 */
export async function createUserWithPassword(
  ctx: ServiceContext,
  input: {
    email: string;
    password: string;
    name: string;
    accountType: AccountType;
    /** The sign-up request's headers: the new session records its device and address. */
    requestHeaders?: Headers;
  },
  emailInUseMessage: string,
  createProfile: (userId: string) => Promise<void>,
): Promise<CreatedUser> {
  const emailInUse = new DomainError(409, 'email_in_use', emailInUseMessage, {
    email: emailInUseMessage,
  });
  const existing = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, input.email));
  if (existing.length > 0) throw emailInUse;

  let result;
  try {
    result = await ctx.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.name,
        accountType: input.accountType,
      },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && error.body?.code?.startsWith('USER_ALREADY_EXISTS')) throw emailInUse;
    if (isAPIError(error) && error.body?.code === 'FAILED_TO_CREATE_USER') {
      // A concurrent sign-up with the same e-mail won the unique constraint.
      const raced = await ctx.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, input.email));
      if (raced.length > 0) throw emailInUse;
    }
    // Anything else better-auth refuses (an address its e-mail check rejects) is a clear 4xx.
    throw identityRefusal(error) ?? error;
  }
  const userId = result.response.user.id;
  try {
    await createProfile(userId);
  } catch (error) {
    await ctx.db.delete(user).where(eq(user.id, userId));
    throw error;
  }
  return { userId, headers: result.headers };
}
