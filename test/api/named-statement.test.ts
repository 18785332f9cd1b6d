import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { runNamed } from '../../src/server/db/named-statement';
import { rateLimits } from '../../src/server/db/schema';
import { migratedDatabaseForFile } from '../support/migrated-database';

/**
 * runNamed (issue 19): a statement whose planning costs more than running it is a named prepared
 * statement of its connection with a generic plan, so PostgreSQL parses and plans it once; on
 * PGlite it runs as any query.
 */
describe('statements run by name', () => {
  const opened = migratedDatabaseForFile();

  beforeAll(async () => {
    await opened()
      .db.insert(rateLimits)
      .values([
        { key: 'one', count: 1, windowStartedAt: new Date() },
        { key: 'two', count: 2, windowStartedAt: new Date() },
      ]);
  });

  it('answers as the query would, with its values as parameters', async () => {
    const counts = await opened().db.transaction(async (tx) => {
      const countOf = (key: string) =>
        tx.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key));
      return [
        await runNamed(tx, 'test_count_of_key', countOf('one')),
        await runNamed(tx, 'test_count_of_key', countOf('two')),
        await runNamed(tx, 'test_count_of_key', countOf('three')),
      ];
    });
    expect(counts).toEqual([[{ count: 1 }], [{ count: 2 }], []]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'is prepared once per connection under its name, with a generic plan, and the plan mode is back to auto after it',
    async () => {
      const { names, mode } = await opened().db.transaction(async (tx) => {
        // Names of their own (this connection may have run the test above's already).
        const byKey = (key: string) =>
          tx
            .select({ count: rateLimits.count, started: rateLimits.windowStartedAt })
            .from(rateLimits)
            .where(eq(rateLimits.key, key));
        await runNamed(tx, 'test_started_of_key', byKey('one'));
        await runNamed(tx, 'test_started_of_key', byKey('two'));
        await runNamed(
          tx,
          'test_key_of_count',
          tx.select({ key: rateLimits.key }).from(rateLimits).where(eq(rateLimits.count, 2)),
        );
        const [setting] = await queryRows<{ mode: string }>(
          tx,
          sql`select current_setting('plan_cache_mode') as mode`,
        );
        return {
          mode: setting!.mode,
          names: await queryRows<{ name: string; generic: number; custom: number }>(
            tx,
            sql`select name, generic_plans as generic, custom_plans as custom
              from pg_prepared_statements
              where name in ('test_started_of_key', 'test_key_of_count')
              order by generic desc, name`,
          ),
        };
      });
      expect(names.map((row) => [Number(row.generic), Number(row.custom)])).toEqual([
        [2, 0],
        [1, 0],
      ]);
      expect(mode).toBe('auto');
    },
  );
});
