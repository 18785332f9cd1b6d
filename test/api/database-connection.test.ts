import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The product's connections to PostgreSQL compile no statement with JIT (decision record 039): a
 * statement whose cost estimate passes the thresholds waited seconds for its compilation.
 * PGlite has no JIT, so there is nothing to check there.
 */
const skipReason = process.env.DATABASE_URL ? undefined : 'PGlite has no JIT compilation';

describe.skipIf(skipReason !== undefined)('database connections', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase(database.target);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('every connection of the pool runs with JIT compilation off', async () => {
    // Held open at once, so each answer comes from a different connection of the pool.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        handle.db.transaction(async (tx) => {
          const [row] = await queryRows<{ jit: string; pid: number }>(
            tx,
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.2)`,
          );
          return row!;
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(5);
    expect(answers.map((answer) => answer.jit)).toEqual(['off', 'off', 'off', 'off', 'off']);
  });
});
