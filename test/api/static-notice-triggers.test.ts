import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { CHANGE_NOTICE_CHANNEL } from '../../src/server/services/kept-answers';
import { boardAreaTag } from '../../src/server/services/matching/board-area';
import type { ShiftPosition } from '../../src/shared/practice/shifts';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Migration 0030 replaced the change notices' generic functions (notify_new_rows /
 * notify_old_rows, which ran each trigger's tag expression as dynamic SQL) with per-table
 * functions whose SQL is static (decision record 037). Nothing a listener receives may change.
 *
 * The reference is the old definition itself: the old functions (from migration 0011's text,
 * renamed, announcing on a channel of their own) and every trigger the migrations before 0030
 * made with them (from their text, renamed) are put back beside the new ones. Each statement
 * below is then announced twice, and the payloads on the two channels must be the same, and the
 * ones written here. The announcing triggers 0030 left as they were are disabled meanwhile, so
 * the change channel carries only what the replaced triggers send.
 */

const migrationsFolder = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const REFERENCE_CHANNEL = 'chairfill_changes_reference';
const STATIC_MIGRATION = '0030_static_notice_triggers';

interface ReferenceTrigger {
  name: string;
  sql: string;
}

/** The SQL of the migrations before 0030, in the order they run. */
function migrationsBefore(tag: string): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  );
  const tags = (journal.entries as Array<{ tag: string }>).map((entry) => entry.tag);
  expect(tags).toContain(tag);
  return tags
    .slice(0, tags.indexOf(tag))
    .map((earlier) => readFileSync(path.join(migrationsFolder, `${earlier}.sql`), 'utf8'));
}

/** The old generic functions, renamed, announcing on the reference channel, counting calls. */
function referenceFunctions(): string[] {
  const first = migrationsBefore(STATIC_MIGRATION).join('\n');
  const bodies = first.match(/CREATE FUNCTION notify_(new|old)_rows\(\)[\s\S]*?\$\$;/g) ?? [];
  expect(bodies).toHaveLength(2);
  return bodies.map((body) =>
    body
      .replace(/notify_(new|old)_rows/, 'reference_notify_$1_rows')
      .replace(`'${CHANGE_NOTICE_CHANNEL}'`, `'${REFERENCE_CHANNEL}'`)
      .replace('RETURN NULL;', 'INSERT INTO reference_calls VALUES (TG_NAME);\n  RETURN NULL;'),
  );
}

/** Every trigger the migrations before 0030 left calling notify_new_rows / notify_old_rows. */
function referenceTriggers(): ReferenceTrigger[] {
  const triggers = new Map<string, ReferenceTrigger>();
  const statement =
    /CREATE TRIGGER (\w+) (AFTER \w+ ON \w+)\s+(REFERENCING (?:NEW|OLD) TABLE AS \w+ FOR EACH STATEMENT) EXECUTE FUNCTION notify_(new|old)_rows\(('(?:[^']|'')*')\);|DROP TRIGGER (\w+) ON \w+;/g;
  for (const text of migrationsBefore(STATIC_MIGRATION)) {
    for (const match of text.matchAll(statement)) {
      const [, name, event, referencing, side, argument, dropped] = match;
      if (dropped) {
        triggers.delete(dropped);
        continue;
      }
      triggers.set(name!, {
        name: name!,
        sql: `CREATE TRIGGER ${name}_reference ${event} ${referencing} EXECUTE FUNCTION reference_notify_${side}_rows(${argument})`,
      });
    }
  }
  return [...triggers.values()];
}

let database: TestDatabase;
let handle: DatabaseHandle;
const heard: Record<'changes' | 'reference', string[]> = { changes: [], reference: [] };
const stops: Array<() => Promise<void>> = [];
let references: ReferenceTrigger[] = [];

function listening(channel: string, into: string[]): Promise<void> {
  return new Promise((resolve) => {
    stops.push(
      handle.listen(
        channel,
        (payload) => into.push(payload),
        (ready) => ready && resolve(),
      ),
    );
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await openDatabase(database.target);
  await handle.migrate();
  references = referenceTriggers();
  await handle.db.execute(sql`create table reference_calls (trigger_name text not null)`);
  for (const definition of referenceFunctions()) await handle.db.execute(sql.raw(definition));
  for (const trigger of references) await handle.db.execute(sql.raw(trigger.sql));
  // The announcing triggers 0030 did not replace (their SQL was static already) stay out of it.
  const untouched = await queryRows<{ table: string; name: string }>(
    handle.db,
    sql`select c.relname as "table", t.tgname as name from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.prosrc like ${`%'${CHANGE_NOTICE_CHANNEL}'%`}
        and p.proname not like '%\\_notice\\_%\\_rows'`,
  );
  for (const { table, name } of untouched) {
    await handle.db.execute(sql.raw(`alter table ${table} disable trigger ${name}`));
  }
  await Promise.all([
    listening(CHANGE_NOTICE_CHANNEL, heard.changes),
    listening(REFERENCE_CHANNEL, heard.reference),
  ]);
});

afterAll(async () => {
  for (const stop of stops) await stop();
  await handle?.close();
  await database?.drop();
});

let markers = 0;

/** What one statement (its own transaction) announces on each channel, sorted. */
async function announced(statement: SQL): Promise<{ changes: string[]; reference: string[] }> {
  heard.changes.length = 0;
  heard.reference.length = 0;
  await handle.db.execute(statement);
  // Notices arrive in commit order: a marker committed after the statement comes after its own.
  const marker = `marker:${++markers}`;
  await handle.db.execute(
    sql`select pg_notify(${CHANGE_NOTICE_CHANNEL}, ${marker}), pg_notify(${REFERENCE_CHANNEL}, ${marker})`,
  );
  const deadline = Date.now() + 10_000;
  while (!heard.changes.includes(marker) || !heard.reference.includes(marker)) {
    if (Date.now() > deadline) throw new Error(`${marker} not heard`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const before = (payloads: string[]) => payloads.slice(0, payloads.indexOf(marker)).sort();
  return { changes: before(heard.changes), reference: before(heard.reference) };
}

const ids = {
  userA: randomUUID(),
  userB: randomUUID(),
  userX: randomUUID(),
  userY: randomUUID(),
  practiceA: randomUUID(),
  practiceB: randomUUID(),
  proX: randomUUID(),
  proY: randomUUID(),
  shift1: randomUUID(),
  shift2: randomUUID(),
  shift3: randomUUID(),
  bookingX: randomUUID(),
  bookingY: randomUUID(),
  charge: randomUUID(),
  invoice: randomUUID(),
  conversation: randomUUID(),
};
const { practiceA: pA, practiceB: pB, proX: X, proY: Y } = ids;
const starts = sql`now() + interval '3 days'`;
/**
 * Every shift here stands at one point (Newark). Since migration 0034 a shift announces the area
 * cell of its coordinates instead of its position (decision record 042): `sinceAreas` is what the
 * old triggers announced, so written.
 */
const newark = { latitude: 40.7357, longitude: -74.1724 };
const at = sql`${newark.latitude}, ${newark.longitude}`;
const areaOf = (position: string) =>
  boardAreaTag(position as ShiftPosition, newark.latitude, newark.longitude);
const sinceAreas = (tags: string[]) =>
  tags
    .map((tag) => (tag.startsWith('position:') ? areaOf(tag.slice('position:'.length)) : tag))
    .sort();
const ends = sql`now() + interval '3 days 8 hours'`;

/** Statements over every table with replaced triggers, and what each must announce. */
const steps: Array<[string, SQL, string[]]> = [
  [
    'users added (no notice)',
    sql`insert into users (id, name, email, account_type) values
      (${ids.userA}, 'A', 'a@notice.test', 'practice'), (${ids.userB}, 'B', 'b@notice.test', 'practice'),
      (${ids.userX}, 'X', 'x@notice.test', 'professional'), (${ids.userY}, 'Y', 'y@notice.test', 'professional')`,
    [],
  ],
  [
    'practices and professionals added (no notice from 0030 triggers)',
    sql`with p as (insert into practices (id, user_id, practice_name, email, phone, address, city, state,
        zip_code, point_of_contact, dental_software) values
        (${pA}, ${ids.userA}, 'A', 'a@notice.test', '1', 'a', 'c', 'NJ', '07001', 'a', '[]'),
        (${pB}, ${ids.userB}, 'B', 'b@notice.test', '1', 'a', 'c', 'NJ', '07001', 'b', '[]') returning 1)
      insert into professionals (id, user_id, role, position, first_name, last_name, email, phone) values
        (${X}, ${ids.userX}, 'hygienist', 'Hygienist', 'X', 'X', 'x@notice.test', '1'),
        (${Y}, ${ids.userY}, 'assistant', 'Dental Assistant', 'Y', 'Y', 'y@notice.test', '1')`,
    [],
  ],
  [
    'three shifts added in one statement',
    sql`insert into shifts (id, practice_id, location_name, location_address, position, starts_at, ends_at, rate_cents, latitude, longitude)
      values (${ids.shift1}, ${pA}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at}),
        (${ids.shift2}, ${pA}, 'L', 'a', 'Dental Assistant', ${starts}, ${ends}, 3000, ${at}),
        (${ids.shift3}, ${pB}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at})`,
    ['position:Dental Assistant', 'position:Hygienist', `practice:${pA}`, `practice:${pB}`],
  ],
  [
    "two of a practice's shifts changed",
    sql`update shifts set rate_cents = rate_cents + 100 where practice_id = ${pA}`,
    ['position:Dental Assistant', 'position:Hygienist', `practice:${pA}`],
  ],
  [
    'a shift moved to another position and practice (old and new tags)',
    sql`update shifts set practice_id = ${pB}, position = 'Dental Assistant' where id = ${ids.shift1}`,
    ['position:Dental Assistant', 'position:Hygienist', `practice:${pA}`, `practice:${pB}`],
  ],
  ['an update of no shift', sql`update shifts set rate_cents = 1 where false`, []],
  [
    'applications added (practice through the shift)',
    sql`insert into shift_applications (shift_id, professional_id) values
      (${ids.shift1}, ${X}), (${ids.shift2}, ${Y}), (${ids.shift3}, ${X})`,
    [`practice:${pA}`, `practice:${pB}`, `professional:${X}`, `professional:${Y}`],
  ],
  [
    "a professional's applications changed",
    sql`update shift_applications set status = 'declined' where professional_id = ${Y}`,
    [`practice:${pA}`, `professional:${Y}`],
  ],
  [
    'bookings added',
    sql`insert into bookings (id, shift_id, practice_id, professional_id, source) values
      (${ids.bookingX}, ${ids.shift1}, ${pB}, ${X}, 'application'),
      (${ids.bookingY}, ${ids.shift2}, ${pA}, ${Y}, 'application')`,
    [`practice:${pA}`, `practice:${pB}`, `professional:${X}`, `professional:${Y}`],
  ],
  [
    'a booking changed',
    sql`update bookings set status = 'completed' where id = ${ids.bookingX}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a rating added',
    sql`insert into ratings (booking_id, shift_id, practice_id, professional_id, rater_side, stars)
      values (${ids.bookingX}, ${ids.shift1}, ${pB}, ${X}, 'practice', 5)`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a rating changed',
    sql`update ratings set stars = 4 where booking_id = ${ids.bookingX}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a timesheet added',
    sql`insert into timesheets (booking_id, shift_id, practice_id, professional_id, started_at, ended_at,
        break_minutes, worked_minutes, rate_cents, amount_cents, submitted_by)
      values (${ids.bookingX}, ${ids.shift1}, ${pB}, ${X}, ${starts}, ${ends}, 0, 480, 5000, 40000, 'professional')`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a timesheet changed',
    sql`update timesheets set break_minutes = 30 where booking_id = ${ids.bookingX}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'an invoice added',
    sql`insert into invoices (id, practice_id, number, week_start, week_end)
      values (${ids.invoice}, ${pB}, 'INV-NOTICE-1', now(), now() + interval '7 days')`,
    [`practice:${pB}`],
  ],
  [
    'a charge added',
    sql`insert into charges (id, practice_id, professional_id, shift_id, booking_id, kind, pay_through, minutes,
        rate_cents, shift_amount_cents, payout_amount_cents, fee_basis_points, fee_cents, total_cents, service_date)
      values (${ids.charge}, ${pB}, ${X}, ${ids.shift1}, ${ids.bookingX}, 'shift', 'platform', 480, 5000, 40000,
        40000, 1000, 4000, 44000, now())`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a charge changed',
    sql`update charges set invoice_id = ${ids.invoice} where id = ${ids.charge}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a payout added (practice through the charge)',
    sql`insert into payouts (charge_id, professional_id, amount_cents) values (${ids.charge}, ${X}, 40000)`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a payout changed',
    sql`update payouts set amount_cents = 39000 where charge_id = ${ids.charge}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a block added',
    sql`insert into blocks (practice_id, professional_id, blocked_by) values (${pA}, ${Y}, 'practice')`,
    [`practice:${pA}`, `professional:${Y}`],
  ],
  [
    'a favourite added',
    sql`insert into favourites (practice_id, professional_id) values (${pB}, ${X})`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'credentials added',
    sql`insert into credentials (professional_id, kind, number) values
      (${X}, 'cpr_bls', 'N1'), (${X}, 'nj_hygienist_license', 'N2'), (${Y}, 'cpr_bls', 'N3')`,
    [`professional:${X}`, `professional:${Y}`],
  ],
  [
    "a professional's credentials changed",
    sql`update credentials set number = number || '0' where professional_id = ${X}`,
    [`professional:${X}`],
  ],
  [
    'a verification decision added',
    sql`insert into verification_decisions (professional_id, decision) values (${X}, 'approved')`,
    [`professional:${X}`],
  ],
  [
    'sessions added (no notice)',
    sql`insert into sessions (user_id, token, expires_at) values
      (${ids.userX}, ${randomUUID()}, now() + interval '1 day'), (${ids.userY}, ${randomUUID()}, now() + interval '1 day')`,
    [],
  ],
  [
    'a session changed',
    sql`update sessions set expires_at = expires_at + interval '1 hour' where user_id = ${ids.userX}`,
    [`user:${ids.userX}`],
  ],
  [
    'users changed',
    sql`update users set name = name || '.' where id in (${ids.userA}, ${ids.userX})`,
    [`user:${ids.userA}`, `user:${ids.userX}`],
  ],
  [
    'a professional changed',
    sql`update professionals set first_name = 'Ypsilon' where id = ${Y}`,
    [`professional:${Y}`],
  ],
  [
    'notifications added',
    sql`insert into notifications (user_id, kind, title) values
      (${ids.userA}, 'k', 't'), (${ids.userX}, 'k', 't'), (${ids.userA}, 'k', 'u')`,
    [`bell:${ids.userA}`, `bell:${ids.userX}`],
  ],
  [
    'notifications read',
    sql`update notifications set read_at = now() where user_id = ${ids.userA}`,
    [`bell:${ids.userA}`],
  ],
  [
    'a notification removed',
    sql`delete from notifications where user_id = ${ids.userX}`,
    [`bell:${ids.userX}`],
  ],
  [
    'a conversation and its messages added (talk tags through the conversation)',
    sql`with c as (insert into conversations (id, shift_id, practice_id, professional_id)
        values (${ids.conversation}, ${ids.shift1}, ${pB}, ${X}) returning id)
      insert into conversation_messages (conversation_id, sender, body)
      select id, sender, 'hello' from c, unnest(array['practice', 'professional']) sender`,
    [`talk:practice:${pB}`, `talk:professional:${X}`],
  ],
  [
    'a message changed',
    sql`update conversation_messages set body = 'hello again' where sender = 'practice'`,
    [`talk:practice:${pB}`, `talk:professional:${X}`],
  ],
  [
    'a reach stored (practice through the shift)',
    sql`insert into shift_reach (shift_id, reach, epoch, position, rate_cents)
      values (${ids.shift3}, 5, 1, 'Hygienist', 5000)`,
    [`practice:${pB}`],
  ],
  [
    'a block and a favourite removed',
    sql`with b as (delete from blocks returning 1) delete from favourites`,
    [`practice:${pA}`, `practice:${pB}`, `professional:${X}`, `professional:${Y}`],
  ],
  [
    "a professional's credentials removed",
    sql`delete from credentials where professional_id = ${Y}`,
    [`professional:${Y}`],
  ],
  [
    'a rating removed',
    sql`delete from ratings where booking_id = ${ids.bookingX}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    "an invoice removed (its charges' invoice set to null: charges announce too)",
    sql`delete from invoices where id = ${ids.invoice}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  ['a payout removed (no notice)', sql`delete from payouts where charge_id = ${ids.charge}`, []],
  [
    'a charge removed',
    sql`delete from charges where id = ${ids.charge}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'a shift removed: its application and reach go with it, their shift gone (NULL practice tags skipped)',
    sql`delete from shifts where id = ${ids.shift3}`,
    ['position:Hygienist', `practice:${pB}`, `professional:${X}`],
  ],
  [
    'a professional removed with their applications and bookings',
    sql`delete from professionals where id = ${Y}`,
    [`practice:${pA}`, `professional:${Y}`],
  ],
  [
    'a booking removed with its timesheet',
    sql`delete from bookings where id = ${ids.bookingX}`,
    [`practice:${pB}`, `professional:${X}`],
  ],
  [
    'the last shifts removed in one statement',
    sql`delete from shifts where id in (${ids.shift1}, ${ids.shift2})`,
    ['position:Dental Assistant', `practice:${pA}`, `practice:${pB}`, `professional:${X}`],
  ],
  [
    "a user's sessions removed",
    sql`delete from sessions where user_id = ${ids.userY}`,
    [`user:${ids.userY}`],
  ],
];

describe('static notice triggers (migration 0030)', () => {
  it('stand beside the old definitions: the same triggers, none of them dynamic SQL', async () => {
    expect(references.length).toBeGreaterThan(40);
    const current = await queryRows<{ name: string; source: string }>(
      handle.db,
      sql`select t.tgname as name, p.prosrc as source from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and p.prosrc like ${`%'${CHANGE_NOTICE_CHANNEL}'%`}`,
    );
    const replaced = await queryRows<{ name: string }>(
      handle.db,
      sql`select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and p.proname like '%\\_notice\\_%\\_rows'`,
    );
    // Migration 0037: a shift's update is announced by one trigger for both of its sides.
    const mergedSince = ['shifts_notice_update_old'];
    expect(replaced.map((row) => row.name).sort()).toEqual(
      references
        .map((row) => row.name)
        .filter((name) => !mergedSince.includes(name))
        .sort(),
    );
    for (const { name, source } of current) expect(source, name).not.toMatch(/EXECUTE/i);
    const generic = await queryRows<{ name: string }>(
      handle.db,
      sql`select proname as name from pg_proc where proname in ('notify_new_rows', 'notify_old_rows')`,
    );
    expect(generic).toEqual([]);
  });

  it('announce exactly what the old triggers announced, statement by statement', async () => {
    for (const [what, statement, expected] of steps) {
      const { changes, reference } = await announced(statement);
      expect(reference, `${what}: the old triggers`).toEqual([...expected].sort());
      expect(changes, `${what}: the new triggers`).toEqual(sinceAreas(reference));
    }
    // Every replaced trigger was exercised by some statement above.
    const called = await queryRows<{ name: string }>(
      handle.db,
      sql`select distinct trigger_name as name from reference_calls`,
    );
    const uncalled = references
      .map((trigger) => `${trigger.name}_reference`)
      .filter((name) => !called.some((row) => row.name === name));
    expect(uncalled).toEqual([]);
  });

  it('a shift’s first response alone announces its practice, not its position (migration 0033)', async () => {
    const shift = randomUUID();
    await announced(
      sql`insert into shifts (id, practice_id, location_name, location_address, position, starts_at, ends_at, rate_cents, latitude, longitude)
        values (${shift}, ${pA}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at})`,
    );
    const firstResponse = await announced(
      sql`update shifts set first_response_at = now() where id = ${shift}`,
    );
    expect(firstResponse.changes).toEqual([`practice:${pA}`]);
    // The old triggers announced the position too: every board of it computed again for nothing.
    expect(firstResponse.reference).toEqual(['position:Hygienist', `practice:${pA}`]);
    const withStatus = await announced(
      sql`update shifts set first_response_at = now(), status = 'filled' where id = ${shift}`,
    );
    expect(withStatus.changes).toEqual(sinceAreas(['position:Hygienist', `practice:${pA}`]));
    await announced(sql`delete from shifts where id = ${shift}`);
  });

  it('a shift announces the area it stands in, old and new when it moves, none without coordinates (migration 0034)', async () => {
    const shift = randomUUID();
    const inserted = await announced(
      sql`insert into shifts (id, practice_id, location_name, location_address, position, starts_at, ends_at, rate_cents, latitude, longitude)
        values (${shift}, ${pA}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at})`,
    );
    expect(inserted.changes).toEqual([areaOf('Hygienist'), `practice:${pA}`].sort());
    // Moved to Cape May: both cells, so boards near either drop it or show it.
    const capeMay = boardAreaTag('Hygienist', 38.9351, -74.906);
    const moved = await announced(
      sql`update shifts set latitude = 38.9351, longitude = -74.906 where id = ${shift}`,
    );
    expect(moved.changes).toEqual([areaOf('Hygienist'), capeMay, `practice:${pA}`].sort());
    // Its location no longer known: on no board from now on, but gone from Cape May's.
    const unknown = await announced(
      sql`update shifts set latitude = null, longitude = null where id = ${shift}`,
    );
    expect(unknown.changes).toEqual([capeMay, `practice:${pA}`].sort());
    const changedUnknown = await announced(
      sql`update shifts set rate_cents = 6000 where id = ${shift}`,
    );
    expect(changedUnknown.changes).toEqual([`practice:${pA}`]);
    const removed = await announced(sql`delete from shifts where id = ${shift}`);
    expect(removed.changes).toEqual([`practice:${pA}`]);
  });

  it('a shift no board lists announces its practice only: filled to completed, started to expired (migration 0039)', async () => {
    const shift = randomUUID();
    await announced(
      sql`insert into shifts (id, practice_id, location_name, location_address, position, starts_at, ends_at, rate_cents, latitude, longitude)
        values (${shift}, ${pA}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at})`,
    );
    // Booked: it leaves the boards, so they hear of it.
    const filled = await announced(sql`update shifts set status = 'filled' where id = ${shift}`);
    expect(filled.changes).toEqual([areaOf('Hygienist'), `practice:${pA}`].sort());
    // Completed by its approved timesheet: on no board before or after.
    const completed = await announced(
      sql`update shifts set status = 'completed', updated_at = now() where id = ${shift}`,
    );
    expect(completed.changes).toEqual([`practice:${pA}`]);
    // Open again and in the future (a dispute's undoing, a clock moved): back on the boards.
    const reopened = await announced(sql`update shifts set status = 'open' where id = ${shift}`);
    expect(reopened.changes).toEqual([areaOf('Hygienist'), `practice:${pA}`].sort());
    // An open shift whose start has passed is on no board: expiring it tells only its practice.
    await announced(
      sql`update shifts set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${shift}`,
    );
    const expired = await announced(sql`update shifts set status = 'expired' where id = ${shift}`);
    expect(expired.changes).toEqual([`practice:${pA}`]);
    await announced(sql`delete from shifts where id = ${shift}`);
  });

  it('tell apart a trigger that announces something else', async () => {
    // A shift's update announcing only its new rows (the old position and practice forgotten).
    await handle.db.execute(sql`create or replace trigger shifts_notice_update after update
      on shifts referencing new table as new_rows for each statement
      execute function shifts_notice_new_rows()`);
    await announced(
      sql`insert into shifts (id, practice_id, location_name, location_address, position, starts_at, ends_at, rate_cents, latitude, longitude)
        values (${ids.shift1}, ${pA}, 'L', 'a', 'Hygienist', ${starts}, ${ends}, 5000, ${at})`,
    );
    const { changes, reference } = await announced(
      sql`update shifts set practice_id = ${pB}, position = 'Dental Assistant' where id = ${ids.shift1}`,
    );
    expect(reference).toEqual(
      [
        'position:Dental Assistant',
        'position:Hygienist',
        `practice:${pA}`,
        `practice:${pB}`,
      ].sort(),
    );
    expect(changes).not.toEqual(sinceAreas(reference));
  });
});
