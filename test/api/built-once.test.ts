import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../../src/server/db/built-once';
import { queryRows } from '../../src/server/db/client';
import { rateLimits } from '../../src/server/db/schema';
import { migratedDatabaseForFile } from '../support/migrated-database';

/**
 * builtOnce (issue 19): a statement's SQL is built once, its values given on each run, on
 * whichever connection or transaction is given; with a name it is a named prepared statement of
 * each connection, parsed once there. PGlite runs it as any query.
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
        await countOfKey(tx, { key: 'one' }),
        await countOfKey(tx, { key: 'two' }),
        await countOfKey(tx, { key: 'three' }),
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
    'is prepared once per connection under its name and run again by it, its values not in its text',
    async () => {
      const prepared = await opened().db.transaction(async (tx) => {
        // Names of their own (this connection may have run the test above's already).
        const answers = [];
        for (const key of ['one', 'two', 'three', 'one', 'two', 'three', 'one']) {
          answers.push(await startedOfKey(tx, { key }));
        }
        await keyOfCount(tx, { count: 2 });
        expect(answers.map((rows) => rows.map((row) => row.count))).toEqual([
          [1],
          [2],
          [],
          [1],
          [2],
          [],
          [1],
        ]);
        return queryRows<{ name: string; statement: string; runs: number }>(
          tx,
          sql`select name, statement, generic_plans + custom_plans as runs
            from pg_prepared_statements
            where name in ('test_started_of_key', 'test_key_of_count')
            order by name`,
        );
      });
      expect(prepared.map((row) => [row.name, Number(row.runs)])).toEqual([
        ['test_key_of_count', 1],
        ['test_started_of_key', 7],
      ]);
      expect(prepared.every((row) => row.statement.includes('$1'))).toBe(true);
      expect(prepared.some((row) => /'one'|'two'/.test(row.statement))).toBe(false);
    },
  );
});
