import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import type { RunningServer } from '../../src/server/server';

/**
 * The server's database through a second drizzle instance on the same connection (PGlite) or
 * pool (PostgreSQL) that records the text of every statement it sends: a test can count what a
 * service asks of the database.
 */
export function recordingDatabase(server: RunningServer): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (server.services.db as unknown as { $client: unknown }).$client;
  const options = { schema, casing: 'snake_case', logger } as const;
  const db =
    server.database.engine === 'pglite'
      ? drizzlePglite(client as PGlite, options)
      : drizzlePg(client as pg.Pool, options);
  return { db: db as unknown as Database, statements };
}
