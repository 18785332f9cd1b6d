import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { runNamed } from '../../src/server/db/named-statement';
import { rateLimits } from '../../src/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * runNamed (issue 19): a statement whose planning costs more than running it is a named prepared
 * statement of its connection, named after its text, so PostgreSQL parses it once and can keep
 * its plan; on PGlite it runs as any query.
 */
describe('statements run by name', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase(database.target);
    await handle.migrate();
    await handle.db.insert(rateLimits).values([
      { key: 'one', count: 1, windowStartedAt: new Date() },
      { key: 'two', count: 2, windowStartedAt: new Date() },
    ]);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const countOf = (key: string) =>
    handle.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key));

  it('answers as the query would, with its values as parameters', async () => {
    expect(await runNamed(countOf('one'))).toEqual([{ count: 1 }]);
    expect(await runNamed(countOf('two'))).toEqual([{ count: 2 }]);
    expect(await runNamed(countOf('three'))).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'is prepared once per connection under one name for one text, another for another text',
    async () => {
      const names = await handle.db.transaction(async (tx) => {
        // Texts of their own (this connection may have run the test above's already).
        const byKey = (key: string) =>
          tx
            .select({ count: rateLimits.count, started: rateLimits.windowStartedAt })
            .from(rateLimits)
            .where(eq(rateLimits.key, key));
        await runNamed(byKey('one'));
        await runNamed(byKey('two'));
        await runNamed(
          tx.select({ key: rateLimits.key }).from(rateLimits).where(eq(rateLimits.count, 2)),
        );
        return queryRows<{ name: string; calls: number }>(
          tx,
          sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements
            where name like 'n\\_%' and (statement like '%"window_started_at"%'
              or statement like '%"rate_limits"."count" = $1%')
            order by calls desc, name`,
        );
      });
      expect(names).toHaveLength(2);
      expect(names.map((row) => Number(row.calls))).toEqual([2, 1]);
    },
  );
});
