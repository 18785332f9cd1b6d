import type { Context } from 'hono';
import { sessionReaderFor } from '../auth/session-reader';
import type { AppEnv, SessionUser } from './app-env';

/** Reads the session cookie once per request; null when signed out. */
export async function loadSessionUser<E extends AppEnv>(
  c: Context<E>,
): Promise<SessionUser | null> {
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
export async function loadSessionId<E extends AppEnv>(c: Context<E>): Promise<string | null> {
  if (c.get('sessionId') === undefined) await loadSessionUser(c);
  return c.get('sessionId') ?? null;
}
