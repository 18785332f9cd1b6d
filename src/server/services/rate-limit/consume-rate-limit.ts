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

/** Gives back one request counted by `consumeRateLimit` (it turned out not to count, e.g. a success). */
export async function releaseRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets everything counted against `key` (e.g. a correct sign-in clears its earlier failures). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
