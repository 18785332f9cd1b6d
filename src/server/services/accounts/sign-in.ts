import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { isProfessionalRole, portalPathByAccountType, type AccountType } from '@shared/accounts';
import { loginErrors } from '@shared/messages';
import type { LoginAudience } from '@shared/validation/login';
import { session } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

export interface SignedIn {
  userId: string;
  accountType: AccountType;
  portalPath: string;
  headers: Headers;
}

/** The login pages' audiences plus the staff console's own ('admin', at /admin/login). */
function belongsTo(audience: LoginAudience, accountType: AccountType): boolean {
  if (audience === 'practice') return accountType === 'practice';
  if (audience === 'admin') return accountType === 'admin';
  return isProfessionalRole(accountType);
}

/**
 * Signs in with e-mail and password for one audience. An account of the other kind is refused
 * with 'Account not found…' and its new session is removed before any cookie leaves the server.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; audience: LoginAudience },
  requestHeaders: Headers,
): Promise<SignedIn> {
  let result;
  try {
    result = await ctx.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
      throw new DomainError(401, 'invalid_credentials', loginErrors.invalidCredentials);
    }
    throw error;
  }
  const signedInUser = result.response.user as { id: string; accountType: AccountType };
  if (!belongsTo(input.audience, signedInUser.accountType)) {
    await ctx.db.delete(session).where(eq(session.token, result.response.token));
    throw new DomainError(404, 'account_not_found', loginErrors.accountNotFound);
  }
  return {
    userId: signedInUser.id,
    accountType: signedInUser.accountType,
    portalPath: portalPathByAccountType[signedInUser.accountType],
    headers: result.headers,
  };
}
