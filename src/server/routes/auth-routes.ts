import { Hono } from 'hono';
import type { AppEnv } from './app-env';

/**
 * The better-auth endpoints the product uses directly: sign-out, and the reset-password link in
 * the e-mail (which checks the token and redirects to /reset-password?token=...). Everything else
 * goes through our own routes, which validate with the shared schemas and apply rate limits.
 */
const allowed = new Set(['POST /api/auth/sign-out']);

export const authRoutes = new Hono<AppEnv>().all('/*', (c) => {
  const path = c.req.path;
  const allowedPath =
    allowed.has(`${c.req.method} ${path}`) ||
    (c.req.method === 'GET' && /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/.test(path));
  if (!allowedPath) return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  return c.get('services').auth.handler(c.req.raw);
});
