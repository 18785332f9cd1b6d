import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { shifts } from '../../src/server/db/schema';
import { seedShifts } from '../../src/server/db/seed/seed-shifts';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { engineUnderTest, seedCast, type EngineUnderTest } from '../support/reliability-fixtures';
import { postgresBinaries } from '../support/private-postgres';
import { withServices } from '../support/server-process';

/**
 * The backup and restore procedures of docs/deployment.md, done for real: make data, back it up,
 * destroy it, restore, and find it back. Embedded database: the stopped server's DATA_DIR copied
 * (database, uploads, auth secret). PostgreSQL: pg_dump -Fc, then pg_restore into a new database.
 */

let engine: EngineUnderTest;
const scratch = mkdtempSync(path.join(tmpdir(), 'chairfill-faults-backup-'));

beforeAll(async () => {
  engine = await engineUnderTest();
});

afterAll(async () => {
  await engine?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

async function makeData() {
  return withServices(engine.target, engine.dataDir, async (services) => {
    const cast = await seedCast(services, 2);
    await seedShifts(services, cast.practice.practiceId, {
      dates: [3, 4, 5].map((d) => practiceDateFromToday(d)),
      notes: 'backed up',
    });
    return cast;
  });
}

async function countRows(practiceId: string) {
  return withServices(engine.target, engine.dataDir, async ({ db }) => {
    const [row] = await queryRows<{ shifts: number; users: number; professionals: number }>(
      db,
      sql`select (select count(*)::int from shifts where practice_id = ${practiceId} and notes = 'backed up') as shifts,
        (select count(*)::int from users) as users, (select count(*)::int from professionals) as professionals`,
    );
    return row!;
  });
}

async function destroyShifts(practiceId: string) {
  await withServices(engine.target, engine.dataDir, ({ db }) =>
    db.delete(shifts).where(eq(shifts.practiceId, practiceId)),
  );
}

describe('backup and restore', () => {
  it('the data is back after a restore', async () => {
    const cast = await makeData();
    const before = await countRows(cast.practice.practiceId);
    expect(before.shifts).toBe(3);

    if (engine.engine === 'pglite') {
      // The server is stopped (withServices closed it): copy the whole data directory.
      const backup = path.join(scratch, 'data-backup');
      cpSync(engine.dataDir, backup, { recursive: true });
      await destroyShifts(cast.practice.practiceId);
      expect((await countRows(cast.practice.practiceId)).shifts).toBe(0);
      rmSync(engine.dataDir, { recursive: true, force: true });
      cpSync(backup, engine.dataDir, { recursive: true });
    } else {
      const bin = postgresBinaries();
      const pgDump = bin ? path.join(bin, 'pg_dump') : 'pg_dump';
      const pgRestore = bin ? path.join(bin, 'pg_restore') : 'pg_restore';
      const url = engine.databaseUrl!;
      const dump = path.join(scratch, 'chairfill.dump');
      execFileSync(pgDump, ['--format=custom', '--no-owner', `--file=${dump}`, url]);
      await destroyShifts(cast.practice.practiceId);
      expect((await countRows(cast.practice.practiceId)).shifts).toBe(0);
      // Restore over the damaged database: drop and recreate its objects from the dump.
      execFileSync(pgRestore, [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${url}`,
        dump,
      ]);
    }
    expect(await countRows(cast.practice.practiceId)).toEqual(before);
  }, 120_000);
});
