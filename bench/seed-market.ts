import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { hashPassword } from '../src/server/auth/password-hashing';
import { openDatabase, queryRows, type Database } from '../src/server/db/client';
import { chargeApprovedTimesheets } from '../src/server/db/seed/worked-as-scheduled';
import { invoiceFinishedWeeks } from '../src/server/services/money/weekly-invoices';
import {
  createZipTable,
  dropHelperTables,
  insertConversations,
  insertTrust,
  KEYED_BULK_TABLES,
  LEAF_BULK_TABLES,
  bulkLoadObjectsQuery,
  insertPractices,
  insertProfessionals,
  insertShiftBatch,
  insertTimesheetsForCompletedBookings,
  MARKET_EMAIL_DOMAIN,
  settleAndPayOutOldCharges,
  MARKET_PASSWORD,
  type MarketCounts,
} from './seed/market-sql';

/**
 * `npm run bench:seed -- --scale tiny|10k|small|large|xl`: fills a database with a synthetic New Jersey
 * market (see seed/market-sql.ts). PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR/db (default bench/.market/<scale>, the directory the load benchmark serves).
 */
export const marketScales: Record<string, MarketCounts> = {
  tiny: { practices: 20, professionals: 300, shifts: 5_000 },
  // The large market's 500 shifts per practice, at 10,000 shifts: the shift list must cost the
  // same here as at a million.
  '10k': { practices: 20, professionals: 300, shifts: 10_000 },
  small: { practices: 200, professionals: 3_000, shifts: 100_000 },
  large: { practices: 2_000, professionals: 30_000, shifts: 1_000_000 },
  xl: { practices: 10_000, professionals: 150_000, shifts: 5_000_000 },
};

export function marketDataDir(scale: string): string {
  return path.resolve(process.env.DATA_DIR ?? path.join('bench', '.market', scale));
}

const BATCH = 50_000;

export async function seedMarket(scale: string, log = console.log): Promise<void> {
  const counts = marketScales[scale];
  if (!counts)
    throw new Error(`unknown scale '${scale}': use ${Object.keys(marketScales).join(', ')}`);
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { url, poolSize: 1 } : { dataDir: path.join(marketDataDir(scale), 'db') },
  );
  const started = Date.now();
  let db = handle.db;
  const step = async (label: string, statements: ReturnType<typeof sql>[]) => {
    const t = Date.now();
    for (const statement of statements) await db.execute(statement);
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await handle.migrate();
    const [existing] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from users where email like ${'%@' + MARKET_EMAIL_DOMAIN}`,
    );
    if (Number(existing?.count) > 0) {
      log(`The ${handle.engine} database already holds a market (${existing!.count} accounts).`);
      return;
    }
    log(
      `Seeding the '${scale}' market on ${handle.engine}: ${counts.practices} practices, ` +
        `${counts.professionals} professionals, ${counts.shifts} shifts`,
    );
    const hash = await hashPassword(MARKET_PASSWORD);
    // One transaction: a seed that fails half-way leaves nothing behind.
    await handle.db.transaction(async (tx) => {
      db = tx;
      if (handle.engine === 'postgres') {
        // Hash joins and sorts in memory, indexes built with room (this session only).
        await db.execute(sql`set local work_mem = '256MB'`);
        await db.execute(sql`set local maintenance_work_mem = '1GB'`);
      }
      const setAside = await queryRows<{ kind: string; drop_sql: string; restore_sql: string }>(
        db,
        bulkLoadObjectsQuery(),
      );
      const bulkTables = [...KEYED_BULK_TABLES, ...LEAF_BULK_TABLES];
      await step(
        `set aside ${setAside.length} indexes, keys and foreign keys, and the notice triggers of the bulk tables`,
        [
          ...setAside.map((o) => sql.raw(o.drop_sql)),
          ...bulkTables.map((table) => sql.raw(`alter table ${table} disable trigger user`)),
        ],
      );
      const zips = Object.values(zipcodes.codes)
        .filter((z) => z.state === 'NJ' && Number.isFinite(z.latitude))
        .map((z) => ({ zip: z.zip, city: z.city, lat: z.latitude, lng: z.longitude }));
      await step('ZIP codes', createZipTable(zips));
      await step('practices and locations', insertPractices(counts.practices, hash));
      await step('professionals', insertProfessionals(counts.professionals, hash));
      const today = new Date().toISOString().slice(0, 10);
      const shiftsStarted = Date.now();
      for (let from = 1; from <= counts.shifts; from += BATCH) {
        const to = Math.min(counts.shifts, from + BATCH - 1);
        await step(
          `shifts ${from}–${to} with bookings, applications, ratings`,
          insertShiftBatch(from, to, counts.practices, today),
        );
      }
      log(`  (all shifts: ${((Date.now() - shiftsStarted) / 1000).toFixed(1)} s)`);
      // Statistics of the rows written so far (this transaction's own count), for the plans below.
      await step('analyze shifts and bookings', [sql`analyze shifts`, sql`analyze bookings`]);
      await step('conversations and messages', insertConversations());
      await seedMoneyYear(db, step);
      await step('credentials, requirements, favourites and blocks', insertTrust());
      // Put back in reverse: indexes and keys before the foreign keys that need them.
      const restored = Date.now();
      for (const kind of ['index', 'key', 'foreign key']) {
        await step(
          `restore ${kind === 'index' ? 'indexes' : kind === 'key' ? 'keys' : 'foreign keys'}`,
          setAside.filter((o) => o.kind === kind).map((o) => sql.raw(o.restore_sql)),
        );
      }
      await step(
        'notice triggers back on',
        bulkTables.map((table) => sql.raw(`alter table ${table} enable trigger user`)),
      );
      log(`  (restoring: ${((Date.now() - restored) / 1000).toFixed(1)} s)`);
      // The scorecards' facts, which the triggers (off for the bulk load) keep from now on.
      await step('scorecard facts', [sql`select scorecard_facts_rebuild()`]);
      await step('clean up', dropHelperTables());
    });
    db = handle.db;
    // Vacuum too: index-only scans (the dashboard's, Find Shifts') need the visibility map that
    // autovacuum would otherwise take a while to build after a bulk load.
    await step('vacuum and analyze', [sql`vacuum (analyze)`]);
    log(
      `Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Sign in as practice-1@${MARKET_EMAIL_DOMAIN} (password ${MARKET_PASSWORD}).`,
    );
  } finally {
    await handle.close();
  }
}

/** Timesheets, charges, settlements, payouts and invoices for the market's worked shifts (a year). */
export async function seedMoneyYear(
  db: Database,
  step: (label: string, statements: ReturnType<typeof sql>[]) => Promise<void>,
): Promise<void> {
  await step('timesheets of worked shifts', insertTimesheetsForCompletedBookings());
  let t = Date.now();
  const charged = await chargeApprovedTimesheets(db, new Date());
  console.log(`  charges (${charged}): ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  // The temporary tables of the settlement live until the end of a transaction.
  await db.transaction((tx) =>
    (async () => {
      for (const statement of settleAndPayOutOldCharges()) await tx.execute(statement);
    })(),
  );
  console.log(`  settlements and payouts: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  // Finished weeks invoiced, as the weekly job keeps them (the money benchmark times a full run).
  const invoiced = await invoiceFinishedWeeks(db, new Date());
  console.log(
    `  invoices (${invoiced} charges put on weekly invoices): ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'small' } } });
  seedMarket(values.scale!).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
