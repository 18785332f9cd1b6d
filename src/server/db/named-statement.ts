import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../services/marketplace/db-transaction';

/** A Drizzle query that can be prepared under a name (a select, insert, update or delete). */
interface Nameable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs `query` (built on `tx`) as a named prepared statement of the transaction's connection,
 * named after its SQL text, with a generic plan: PostgreSQL parses and plans it once per
 * connection, then only runs it. For statements whose text never changes, whose values are all
 * parameters, whose plan does not depend on them (rows found by key), and whose planning costs
 * more than running them (issue 19, session 17: the shift a professional applies for or books,
 * 2.9-6.4 ms of planning for 0.2-0.5 ms of work on the large market). Left to itself (plan cache
 * mode `auto`), PostgreSQL kept planning that one on every run: its generic plan's estimate was
 * above its custom plans', though it ran faster. So the mode is `force_generic_plan` for this
 * statement only (set and reset around it, in the transaction). A statement built differently
 * (an optional part) has a text, so a name, of its own. PGlite runs it as any other query.
 */
export async function runNamed<T>(tx: Tx, query: Nameable<T>): Promise<T> {
  const name = `n_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 27)}`;
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
  const result = await query.prepare(name).execute();
  await tx.execute(sql`reset plan_cache_mode`);
  return result;
}
