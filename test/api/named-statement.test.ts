import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../../src/server/db/built-once';
import { queryRows } from '../../src/server/db/client';
import { runNamed } from '../../src/server/db/named-statement';
import { rateLimits } from '../../src/server/db/schema';
import { migratedDatabaseForFile } from '../support/migrated-database';

/**
 * runNamed (issue 19): a statement whose planning costs more than running it is a named prepared
 * statement of its connection with a generic plan, so PostgreSQL parses and plans it once; on
 * PGlite it runs as any query. builtOnce: its SQL is built once, its values given on each run.
 */
/** The same statement under a name, or unnamed. */
const countOfKeyStatement = (name?: string) =>
  builtOnce(
    (db) =>
      db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, sql.placeholder('key'))),
    name,
  );
const countOfKey = countOfKeyStatement('test_count_of_key');
const startedOfKey = builtOnce(
  (db) =>
    db
      .select({ count: rateLimits.count, started: rateLimits.windowStartedAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder('key'))),
  'test_started_of_key',
);
const keyOfCount = builtOnce(
  (db) =>
    db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(eq(rateLimits.count, sql.placeholder('count'))),
  'test_key_of_count',
);
const unnamedCountOfKey = countOfKeyStatement();

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
      return [
        await runNamed(tx, (on) => countOfKey(on, { key: 'one' })),
        await runNamed(tx, (on) => countOfKey(on, { key: 'two' })),
        await runNamed(tx, (on) => countOfKey(on, { key: 'three' })),
      ];
    });
    expect(counts).toEqual([[{ count: 1 }], [{ count: 2 }], []]);
  });

  it('runs a statement built once on every connection and transaction it is given, inside that transaction', async () => {
    const { db } = opened();
    // Built on the first transaction, run on the pool, then inside another transaction that
    // sees its own uncommitted row (so the run is on that transaction's connection).
    expect(await db.transaction((tx) => unnamedCountOfKey(tx, { key: 'one' }))).toEqual([
      { count: 1 },
    ]);
    expect(await unnamedCountOfKey(db, { key: 'two' })).toEqual([{ count: 2 }]);
    const inside = await db
      .transaction(async (tx) => {
        await tx
          .insert(rateLimits)
          .values({ key: 'uncommitted', count: 7, windowStartedAt: new Date() });
        const seen = await unnamedCountOfKey(tx, { key: 'uncommitted' });
        tx.rollback();
        return seen;
      })
      .catch((error: unknown) => error);
    expect(inside).toBeInstanceOf(Error);
    expect(await unnamedCountOfKey(db, { key: 'uncommitted' })).toEqual([]);
    const seenInside = await db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: 'kept', count: 8, windowStartedAt: new Date() });
      return unnamedCountOfKey(tx, { key: 'kept' });
    });
    expect(seenInside).toEqual([{ count: 8 }]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'is prepared once per connection under its name, with a generic plan, and the plan mode is back to auto after it',
    async () => {
      const { names, mode } = await opened().db.transaction(async (tx) => {
        // Names of their own (this connection may have run the test above's already).
        await runNamed(tx, (on) => startedOfKey(on, { key: 'one' }));
        await runNamed(tx, (on) => startedOfKey(on, { key: 'two' }));
        await runNamed(tx, (on) => keyOfCount(on, { count: 2 }));
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
