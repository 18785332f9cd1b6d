import type { Context, MiddlewareHandler } from 'hono';
import type { AccountType } from '@shared/accounts';
import { genericErrors } from '@shared/messages';
import { sessionReaderFor } from '../auth/session-reader';
import { DomainError } from '../services/domain-error';
import type { AppEnv, SessionUser } from './app-env';

/** Reads the session cookie once per request; null when signed out. */
export async function loadSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('sessionUser');
  if (cached !== undefined) return cached;
  const { db, auth } = c.get('services');
  const active = await sessionReaderFor(db, auth).read(c.req.raw.headers);
  if (active?.refreshedCookie) c.header('Set-Cookie', active.refreshedCookie, { append: true });
  c.set('sessionUser', active?.user ?? null);
  c.set('sessionId', active?.sessionId ?? null);
  return active?.user ?? null;
}

/** The id of the request's session (the row in `sessions`), null when signed out. */
export async function loadSessionId(c: Context<AppEnv>): Promise<string | null> {
  if (c.get('sessionId') === undefined) await loadSessionUser(c);
  return c.get('sessionId') ?? null;
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
