import type { Context, MiddlewareHandler } from 'hono';
import type { AccountType } from '@shared/accounts';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../services/domain-error';
import type { AppEnv, SessionUser } from './app-env';

/** Reads the session cookie once per request; null when signed out. */
export async function loadSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('sessionUser');
  if (cached !== undefined) return cached;
  const result = await c.get('services').auth.api.getSession({ headers: c.req.raw.headers });
  const user = result
    ? {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        accountType: (result.user as unknown as { accountType: AccountType }).accountType,
      }
    : null;
  c.set('sessionUser', user);
  return user;
}

/** 401 when signed out, 403 when the account is not one of `allowed`. */
export function requireAccount(...allowed: AccountType[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await loadSessionUser(c);
    if (!user) throw new DomainError(401, 'unauthorized', genericErrors.unauthorized);
    if (allowed.length > 0 && !allowed.includes(user.accountType)) {
      throw new DomainError(403, 'forbidden', genericErrors.forbidden);
    }
    await next();
  };
}
