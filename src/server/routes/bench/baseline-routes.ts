import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { queryRows } from '../../db/client';
import { user } from '../../db/schema';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { clientAddress } from '../client-address';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The load benchmark's two baselines (mounted only when BENCH_ROUTES=true): a route that does
 * nothing and a route that reads one row by primary key, through the same server, middleware and
 * database as every other route, so the endpoints' figures can be read as ratios to them; and
 * how much work done after the commit is still waiting (`/backlog`), so a run can begin once what
 * the one before it left behind is done. Only answered over loopback.
 */
export const benchBaselineRoutes = new Hono<AppEnv>()
  // The benchmark runs on the same machine; nobody else may ask whether a user id exists.
  .use('*', async (c, next) => {
    if (!LOOPBACK.has(clientAddress(c))) throw new DomainError(404, 'not_found', 'Not found');
    await next();
  })
  .get('/noop', (c) => c.body(null, 204))
  .get('/row/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new DomainError(404, 'not_found', 'Not found');
    const [row] = await c
      .get('services')
      .db.select({ id: user.id, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, id));
    if (!row) throw new DomainError(404, 'not_found', 'Not found');
    return c.json(row);
  })
  .get('/backlog', async (c) => {
    const [backlog] = await queryRows<Record<string, number>>(
      c.get('services').db,
      sql`
      select
        (select count(*) from notice_queue where failed_at is null)::int as notices,
        (select count(*) from reach_queue)::int as reach,
        (select count(*) from email_outbox where status in ('queued', 'sending'))::int as emails,
        (select count(*) from push_outbox where status in ('queued', 'sending'))::int as pushes,
        (select count(*) from sms_outbox where status in ('queued', 'sending'))::int as texts`,
    );
    return c.json(backlog!);
  });
