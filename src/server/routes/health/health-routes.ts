import { z } from 'zod';
import { apiErrorBodySchema } from '@shared/api-error';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';

const { router, route } = declareRoutes('signedOut');

/** /api/health (the process answers) and /api/ready (and reaches its database). */
export const healthRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/health',
      summary: 'The server answers',
      responses: { 200: jsonAnswer(z.object({ status: z.literal('ok') }), 'Up') },
    }),
    (c) => c.json({ status: 'ok' as const }, 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/ready',
      summary: 'The server answers and reaches its database',
      responses: {
        200: jsonAnswer(z.object({ status: z.literal('ready') }), 'Ready'),
        503: jsonAnswer(
          apiErrorBodySchema.extend({ status: z.literal('unavailable') }),
          'The database cannot be reached',
        ),
      },
    }),
    async (c) => {
      try {
        await c.var.services.db.execute('select 1');
        return c.json({ status: 'ready' as const }, 200);
      } catch {
        const error = { code: 'database_unavailable', message: 'Database unreachable' };
        return c.json({ status: 'unavailable' as const, error }, 503);
      }
    },
  );
