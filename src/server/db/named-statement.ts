import { sql } from 'drizzle-orm';
import type { Tx } from '../services/marketplace/db-transaction';
import { queryRows } from './client';

/**
 * Runs `statement` (a named statement built once: builtOnce) in the transaction with a generic plan: PostgreSQL parses and plans it once per connection, then only runs it, as
 * the statements prepared once per database are (session_by_token, practice_shift_page). For a
 * statement built anew on each call (it reads the transaction it runs in) whose text never
 * changes (every value a parameter; node-postgres refuses a name used for another text), whose
 * plan does not depend on the values (rows found by key), and whose planning costs more than
 * running it (issue 19, session 17: the shift a professional applies for or books, 2.9-6.4 ms of
 * planning for 0.2-0.5 ms of work on the large market). Left to itself (plan cache mode `auto`),
 * PostgreSQL kept planning that one on every run: its generic plan's estimate was above its
 * custom plans', though it ran faster. So the mode is `force_generic_plan` for this statement
 * only, then what it was, both local to the transaction. PGlite runs it as any other query.
 */
export async function runNamed<T>(tx: Tx, statement: (tx: Tx) => Promise<T>): Promise<T> {
  const [mode] = await queryRows<{ previous: string }>(
    tx,
    sql`select current_setting('plan_cache_mode') as previous,
      set_config('plan_cache_mode', 'force_generic_plan', true)`,
  );
  const result = await statement(tx);
  await tx.execute(sql`select set_config('plan_cache_mode', ${mode!.previous}, true)`);
  return result;
}
