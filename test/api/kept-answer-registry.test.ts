import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { CHANGE_NOTICE_CHANNEL } from '../../src/server/services/kept-answers';
import { keptAnswerRegistry } from '../../src/server/services/kept-answer-registry';
import { migratedDatabaseForFile } from '../support/migrated-database';

/**
 * The kept answers (decision record 011) stay right only while every change to a table they read
 * is announced: the registry (src/server/services/kept-answer-registry.ts) lists each answer's
 * tables with their announcing triggers, and this test holds the migrations to it.
 */

interface AnnouncingTrigger {
  table: string;
  trigger: string;
}

const opened = migratedDatabaseForFile();

/** Every trigger of the migrated database whose function announces on the change channel. */
async function announcingTriggers(): Promise<AnnouncingTrigger[]> {
  return queryRows<AnnouncingTrigger>(
    opened().db,
    sql`select c.relname as "table", t.tgname as "trigger"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.prosrc like ${`%${CHANGE_NOTICE_CHANNEL}%`}`,
  );
}

function listedTriggers(): Array<{ answer: string; table: string; trigger: string }> {
  return Object.entries(keptAnswerRegistry).flatMap(([answer, entry]) =>
    Object.entries(entry.reads).flatMap(([table, announcement]) =>
      'triggers' in announcement
        ? announcement.triggers.map((trigger: string) => ({ answer, table, trigger }))
        : [],
    ),
  );
}

describe('the kept answers are announced', () => {
  it('every table a kept answer reads has its listed triggers, each announcing changes', async () => {
    const existing = await announcingTriggers();
    const missing = listedTriggers().filter(
      ({ table, trigger }) =>
        !existing.some((row) => row.table === table && row.trigger === trigger),
    );
    expect(missing, 'listed triggers that do not exist or do not announce').toEqual([]);
    expect(listedTriggers().length).toBeGreaterThan(10);
  });

  it('every table read without a trigger says why none is needed, and exists', async () => {
    const tables = await queryRows<{ name: string }>(
      opened().db,
      sql`select tablename as name from pg_tables where schemaname = current_schema()`,
    );
    for (const [answer, entry] of Object.entries(keptAnswerRegistry)) {
      for (const [table, announcement] of Object.entries(entry.reads)) {
        expect(
          tables.map((row) => row.name),
          `${answer} reads ${table}`,
        ).toContain(table);
        if ('needsNone' in announcement) expect(announcement.needsNone.length).toBeGreaterThan(20);
        else expect(announcement.triggers.length, `${answer}: ${table}`).toBeGreaterThan(0);
      }
    }
  });

  it('fails when an announcing trigger is dropped', async () => {
    await opened().db.execute(sql`drop trigger ratings_notice_delete on ratings`);
    const existing = await announcingTriggers();
    const missing = listedTriggers().filter(
      ({ table, trigger }) =>
        !existing.some((row) => row.table === table && row.trigger === trigger),
    );
    expect(missing.map((row) => row.trigger)).toContain('ratings_notice_delete');
  });
});
