import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Receives the NOTIFY payloads of `channel`, in commit order. `onListening(true)` once they
   * arrive; `onListening(false)` when the connection that receives them is lost (notices sent
   * meanwhile are lost too); it is made again every second until it works, then
   * `onListening(true)`. The returned function stops listening.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): () => Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL at `url`, PGlite on disk in `dataDir`, or PGlite in memory: empty, or started from a
 * data directory dumped by `PGlite.dumpDataDir()` (`startFrom`, what the tests do to skip initdb).
 */
export type DatabaseTarget =
  | {
      url: string;
      poolSize?: number;
      /**
       * PostgreSQL's application_name of the pool's connections (pg_stat_activity): which of an
       * instance's pools a backend serves (DATABASE_APPLICATION_NAMES).
       */
      applicationName?: string;
    }
  | { dataDir: string }
  | { memory: true; startFrom?: Blob };

/** The application_name of each pool a server opens on PostgreSQL. */
export const DATABASE_APPLICATION_NAMES = {
  /** The requests' pool. */
  requests: 'chairfill',
  /** The scheduled jobs' and the delivery workers' pool. */
  background: 'chairfill-background',
} as const;

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk or in memory). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 20,
      connectionTimeoutMillis: 5000,
      application_name: target.applicationName ?? DATABASE_APPLICATION_NAMES.requests,
      // No JIT compilation (decision record 039): the planner's estimates for the board, the
      // scorecards and the digest pass its cost thresholds, and compiling a statement took
      // seconds where running it takes tens of milliseconds.
      options: '-c jit=off',
    });
    // A client that loses its connection (PostgreSQL stopped or restarted) must not crash the
    // process: the pool reports idle ones here, and a checked-out client (inside a transaction,
    // between two queries) emits the error on itself; its next query fails and the request is
    // answered 503 (app.ts). test/reliability/database-outage.test.ts.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onNotice, onListening) =>
        listenOnPostgres(target.url, channel, onNotice, onListening),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: target.dataDir });
  } else {
    client = await PGlite.create(target.startFrom ? { loadDataDir: target.startFrom } : {});
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, onNotice, onListening) => {
      // One process, one connection: notices come with the statement that commits them.
      const stopping = client.listen(channel, onNotice).then((unlisten) => {
        onListening(true);
        return unlisten;
      });
      return async () => {
        const unlisten = await stopping;
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const RELISTEN_MS = 1000;

/** A connection of its own (not the pool's) that LISTENs, made again whenever it is lost. */
function listenOnPostgres(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onListening: (listening: boolean) => void,
): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    failed.end().catch(() => {});
    onListening(false);
    if (!stopped) retry = setTimeout(connect, RELISTEN_MS);
  };
  const connect = () => {
    retry = undefined;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client === next && !stopped) onListening(true);
      })
      .catch(() => lost(next));
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    // A connection still being made (PostgreSQL down) may not end promptly: do not wait on it.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      last?.end().catch(() => {}),
      new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
    ]);
    clearTimeout(timer);
  };
}

/** Runs raw SQL and returns its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
