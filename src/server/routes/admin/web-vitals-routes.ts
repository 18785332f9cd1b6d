import { Hono } from 'hono';
import { summarizeWebVitals } from '../../services/vitals/summarize-web-vitals';
import type { AppEnv } from '../app-env';
import { requireAccount } from '../session';

/**
 * /api/admin/web-vitals: what real visitors get, per route, for platform staff. Signed out:
 * 401; practices and professionals: 403.
 */
export const adminWebVitalsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount('admin'))
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  /** GET /api/admin/web-vitals: 75th percentile and samples per route and metric, last 7 days. */
  .get('/', async (c) => c.json(await summarizeWebVitals(c.get('services'))));
