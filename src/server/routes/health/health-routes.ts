import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ status: 'ok' }))
  .get('/ready', async (c) => {
    try {
      await c.get('services').db.execute('select 1');
      return c.json({ status: 'ready' });
    } catch {
      return c.json(
        {
          status: 'unavailable',
          error: { code: 'database_unavailable', message: 'Database unreachable' },
        },
        503,
      );
    }
  });
