import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * What a refused request may still write, by design, and so is left out of the digest:
 * rate-limit counters (a refused sign-in counts against the limit) and the mail and push workers'
 * delivery bookkeeping (they run on their own timers; which e-mails and pushes exist is still
 * compared).
 */
const columnsLeftOut: Record<string, string[] | 'all'> = {
  rate_limits: 'all',
  email_outbox: ['status', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'sent_at'],
  push_outbox: ['status', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'sent_at'],
  push_subscriptions: ['last_sent_at'],
  // Session activity (last seen, expiry refresh) may move on any signed-in request.
  sessions: ['expires_at', 'updated_at', 'ip_address', 'user_agent'],
  scheduled_jobs: 'all',
};

export interface DatabaseDigest {
  /** One hash of every kept column of every row, per table. */
  tables: Record<string, string>;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * A digest of the whole database (every public table: row count and a hash of its contents), to
 * prove a refused request changed nothing. Built from the catalog on first use, so new tables are
 * covered without a change here.
 */
export async function createDatabaseDigest(db: Database): Promise<() => Promise<DatabaseDigest>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name not like '__drizzle%'
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    const leftOut = columnsLeftOut[table_name];
    if (leftOut === 'all' || leftOut?.includes(column_name)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  const parts = [...byTable].map(([table, cols]) => {
    const row = `concat_ws('|', ${cols.map((c) => `${quoteIdent(c)}::text`).join(', ')})`;
    return `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, E'\\n' order by ${row})), '-') as digest from ${quoteIdent(table)}`;
  });
  const query = parts.join('\nunion all\n');
  return async () => {
    const rows = rowsOf<{ name: string; digest: string }>(await db.execute(sql.raw(query)));
    return { tables: Object.fromEntries(rows.map((r) => [r.name, r.digest])) };
  };
}

/** The names of the tables whose digest differs. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names].filter((name) => before.tables[name] !== after.tables[name]);
}
