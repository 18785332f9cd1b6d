import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changedTables, createDatabaseDigest } from '../support/database-digest';
import { practiceUser, serverForFile } from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

describe('the database digest the hostile-input tests compare', () => {
  it('hashes again the tables written since the last digest, and only those', async () => {
    const digest = await createDatabaseDigest(server.services.db);
    const first = await digest();
    expect(await digest()).toEqual(first);

    await practiceUser(server, 'Digest Dental');
    const afterSignup = await digest();
    expect(changedTables(first, afterSignup)).toEqual(expect.arrayContaining(['practices']));

    await server.services.db.execute(
      sql`update practices set practice_name = practice_name || ' Dental'`,
    );
    const renamed = await digest();
    expect(changedTables(afterSignup, renamed)).toEqual(['practices']);

    // A write no trigger sees (triggers off for its transaction) is not hashed again: only the
    // counted tables are.
    await server.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update practices set practice_name = 'Unseen Dental'`);
    });
    expect(await digest()).toEqual(renamed);
    await server.services.db.execute(sql`update practices set practice_name = practice_name`);
    expect(changedTables(renamed, await digest())).toEqual(['practices']);
  });
});
