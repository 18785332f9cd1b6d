import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/server/db/client';

export interface TestDatabase {
  target: DatabaseTarget;
  engine: 'pglite' | 'postgres';
  /** Removes the database (PostgreSQL); PGlite in memory goes with its instance. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { target: { memory: true }, engine: 'pglite', drop: async () => {} };
  const name = `chairfill_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { url: url.toString(), poolSize: 10 },
    engine: 'postgres',
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
