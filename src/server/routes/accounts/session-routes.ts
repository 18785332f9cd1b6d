import { Hono } from 'hono';
import { portalPathByAccountType } from '@shared/accounts';
import type { AppEnv, SessionUser } from '../app-env';
import { loadSessionUser } from '../session';

export interface SessionReply {
  user: (SessionUser & { portalPath: string }) | null;
}

/** The signed-in user (never the session token), or null when signed out. */
export const sessionRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const user = await loadSessionUser(c);
  c.header('Cache-Control', 'no-store');
  const reply: SessionReply = {
    user: user ? { ...user, portalPath: portalPathByAccountType[user.accountType] } : null,
  };
  return c.json(reply);
});
