import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import type { Tx } from '../services/marketplace/db-transaction';

/** A Drizzle query that can be prepared (a select, insert, update or delete). */
interface Preparable<T> {
  prepare(name?: string): Runnable<T>;
}

interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** What a Drizzle database or transaction runs its statements on (Drizzle's own field). */
interface SessionOf {
  session: { client: unknown };
}

/**
 * A statement whose SQL text is built once per process, its values given as placeholders
 * (`sql.placeholder('name')`) on each run: Drizzle builds a statement's text anew on every call
 * (for a write, about a fifth of the server's time per request under load, issue 19), so the
 * hot statements of the writes are built here once and only run afterwards, on whichever
 * connection or transaction is given. With `name`, PostgreSQL also parses it once per
 * connection (a named prepared statement; its plan is still chosen as any other's).
 *
 * The values are given as the database takes them (a time as its ISO text, cast in the SQL:
 * `sql\`${sql.placeholder('now')}::timestamptz\``), never converted by a column's mapping. A
 * value left out is sent as null, where Drizzle would have left the column out: where the
 * column's default or its current value must stand instead, the SQL says so (`coalesce`).
 *
 * How: the query Drizzle prepares holds the connection it was prepared on (`client`); each run
 * is that prepared query with the caller's connection instead. One built query per kind of
 * engine, so a process that opens both PGlite and PostgreSQL builds it for each.
 */
export function builtOnce<T, V extends Record<string, unknown>>(
  build: (db: Database) => Preparable<T>,
  name?: string,
): (db: Database | Tx, values: V) => Promise<T> {
  const built = new Map<unknown, Runnable<T>>();
  return (db, values) => {
    const session = (db as unknown as SessionOf).session;
    let query = built.get(session.constructor);
    if (!query) {
      query = build(db as Database).prepare(name);
      built.set(session.constructor, query);
    }
    const onThisConnection = Object.create(query) as Runnable<T> & { client: unknown };
    onThisConnection.client = session.client;
    return onThisConnection.execute(values);
  };
}

/**
 * A value given on each run of a statement built once, cast in the SQL to its database type
 * (`runValue('now', 'timestamptz')`, given as ISO text).
 */
export function runValue(name: string, type: string): SQL {
  return sql`${sql.placeholder(name)}::${sql.raw(type)}`;
}

/** The time a write happens, as every built statement takes it (`now`, ISO text). */
export const nowValue = runValue('now', 'timestamptz');
