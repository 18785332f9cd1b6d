import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

export interface RateLimitRule {
  /** How many requests a key may make per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window stored in PostgreSQL (one atomic upsert),
 * so every server instance shares the same counters. Returns false when the limit is exceeded.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<boolean> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_started_at end
    returning count`,
  );
  const count = Number(rows[0]?.count ?? 0);
  return count <= rule.max;
}
