import { sql } from 'drizzle-orm';
import { escapeIdentifier } from 'pg';
import type { Database } from '../../src/server/db/client';

/** What the outbox workers write as they deliver a message (attempts, claims, the outcome). */
const deliveryBookkeeping = [
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'last_error',
  'sent_at',
];
/**
 * What a refused request may still write, by design, and so is left out of the digest:
 * rate-limit counters (a refused sign-in counts against the limit), the mail, push and SMS
 * workers' delivery bookkeeping (they run on their own timers; which messages exist is still
 * compared), session activity, the scheduled jobs' claims and the stored scorecards.
 */
const columnsLeftOut: Record<string, string[] | 'all'> = {
  rate_limits: 'all',
  email_outbox: deliveryBookkeeping,
  push_outbox: deliveryBookkeeping,
  // The SMS provider's message id comes with the delivery too.
  sms_outbox: [...deliveryBookkeeping, 'provider_id'],
  push_subscriptions: ['last_sent_at'],
  // Session activity (last seen, expiry refresh) may move on any signed-in request.
  sessions: ['expires_at', 'updated_at', 'ip_address', 'user_agent'],
  scheduled_jobs: 'all',
  // Scorecards as last computed and the marks of changes since (decision record 040): a cache that
  // any read may write, also after its request answered.
  practice_scorecards: 'all',
  practice_scorecard_changes: 'all',
  // The digest's own write counts (below).
  digest_touched_tables: 'all',
};

export interface DatabaseDigest {
  /** One hash of every kept column of every row, per table. */
  tables: Record<string, string>;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The test-only table that counts the write statements each table has had. */
const touchedTable = 'digest_touched_tables';

/**
 * A digest of the whole database (every public table: row count and a hash of its contents), to
 * prove a refused request changed nothing. Built from the catalog on first use, so new tables are
 * covered without a change here.
 *
 * Only the tables written since the last digest are hashed again: on first use every digested
 * table gets a statement trigger that counts its insert, update, delete and truncate statements in
 * a table of its own (a rolled-back statement's count is rolled back with it). The counts are read
 * before the tables, so a write committed meanwhile is seen by the next digest.
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
  const partOf = new Map(
    [...byTable].map(([table, cols]) => {
      const row = `concat_ws('|', ${cols.map((c) => `${escapeIdentifier(c)}::text`).join(', ')})`;
      return [
        table,
        `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, E'\\n' order by ${row})), '-') as digest from ${escapeIdentifier(table)}`,
      ];
    }),
  );
  await countWritesOf(db, [...partOf.keys()]);

  const tables: Record<string, string> = {};
  const seenWrites = new Map<string, string>();
  return async () => {
    const counts = rowsOf<{ name: string; writes: string }>(
      await db.execute(sql.raw(`select table_name as name, writes::text from ${touchedTable}`)),
    );
    const written = new Map(counts.map((c) => [c.name, c.writes]));
    const stale = [...partOf.keys()].filter(
      (table) => !(table in tables) || seenWrites.get(table) !== written.get(table),
    );
    if (stale.length > 0) {
      const query = stale.map((table) => partOf.get(table)!).join('\nunion all\n');
      for (const row of rowsOf<{ name: string; digest: string }>(
        await db.execute(sql.raw(query)),
      )) {
        tables[row.name] = row.digest;
      }
      for (const table of stale) {
        const writes = written.get(table);
        if (writes === undefined) seenWrites.delete(table);
        else seenWrites.set(table, writes);
      }
    }
    return { tables: { ...tables } };
  };
}

async function countWritesOf(db: Database, tables: string[]): Promise<void> {
  await db.execute(
    sql.raw(
      `create table if not exists ${touchedTable} (table_name text primary key, writes bigint not null)`,
    ),
  );
  await db.execute(
    sql.raw(`create or replace function ${touchedTable}_count() returns trigger
      language plpgsql as $$
      begin
        insert into ${touchedTable} values (TG_TABLE_NAME, 1)
        on conflict (table_name) do update set writes = ${touchedTable}.writes + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`create or replace trigger ${touchedTable}_count
        after insert or update or delete or truncate on ${escapeIdentifier(table)}
        for each statement execute function ${touchedTable}_count()`),
    );
  }
}

/** The names of the tables whose digest differs. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names].filter((name) => before.tables[name] !== after.tables[name]);
}
