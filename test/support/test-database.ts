import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseTarget } from '../../src/server/db/client';

export interface TestDatabase {
  target: DatabaseTarget;
  engine: 'pglite' | 'postgres';
  /** Removes the database (PostgreSQL); PGlite in memory goes with its instance. */
  drop(): Promise<void>;
}

let migratedPglite: Promise<Blob> | undefined;

/**
 * The data directory of an in-memory PGlite with every migration applied, made once per test
 * process: a database started from it skips PGlite's initdb and the migrations (about 5 s each
 * time on a 2-core machine, against about 1 s to load it).
 */
function migratedPgliteDataDir(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const handle = await openDatabase({ memory: true });
    try {
      await handle.migrate();
      return await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    } finally {
      await handle.close();
    }
  })();
  return migratedPglite;
}

/**
 * A fresh database for one test file, with the migrations applied: an in-memory PGlite by
 * default, or a new (empty) database on the PostgreSQL server named by DATABASE_URL (CI runs the
 * suite both ways). The server's start migrates either one (nothing is left to apply on PGlite).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const target = { memory: true as const, startFrom: await migratedPgliteDataDir() };
    return { target, engine: 'pglite', drop: async () => {} };
  }
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
