import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A fresh migrated database opened for the test file (or describe block) that calls this, closed
 * and dropped after it: the hooks are registered here. Returns the open handle's getter.
 */
export function migratedDatabaseForFile(): () => DatabaseHandle {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase(database.target);
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  return () => handle!;
}
