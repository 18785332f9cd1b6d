/**
 * `node --import tsx bench/money-at-scale.ts [--scale small|large] [--approvals 50]`: money on the
 * synthetic market (bench:seed, which seeds a year of timesheets, charges, settlements and
 * payouts and invoices): the time to approve a timesheet (the practice's approval, which charges it and
 * completes the shift, in one transaction), the weekly invoice run for every practice, and the
 * reads behind Billing and Earnings, each over one connection. PostgreSQL when DATABASE_URL is
 * set, else PGlite. Approvals and the invoice run are undone afterwards (the market stays as
 * seeded). Writes bench/results/money-<engine>-<scale>[-label].md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { amountForMinutes } from '../src/shared/marketplace/attendance';
import { openDatabase, queryRows } from '../src/server/db/client';
import { bookings, charges, ledgerLines, shifts, timesheets } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { approvePracticeTimesheet } from '../src/server/services/attendance/practice-timesheet-decisions';
import type { ServiceContext } from '../src/server/services/context';
import { getEarnings } from '../src/server/services/money/earnings';
import { getPracticeMoney } from '../src/server/services/money/practice-money';
import { invoiceFinishedWeeks } from '../src/server/services/money/weekly-invoices';
import { marketDataDir, seedMarket, seedMoneyYear } from './seed-market';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    approvals: { type: 'string', default: '50' },
    reads: { type: 'string', default: '200' },
    label: { type: 'string', default: '' },
  },
});
const scale = values.scale!;
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

await seedMarket(scale);
const url = process.env.DATABASE_URL;
const handle = await openDatabase(
  url ? { url, poolSize: 2 } : { dataDir: path.join(marketDataDir(scale), 'db') },
);
const db = handle.db;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1)!,
  };
};
const ms = (value: number) => value.toFixed(1);

try {
  await handle.migrate();
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from charges`,
  );
  if (Number(existing?.n) === 0) {
    console.log('No money in this market yet: seeding a year of it…');
    await db.transaction((tx) =>
      seedMoneyYear(tx, async (label, statements) => {
        const t = Date.now();
        for (const statement of statements) await tx.execute(statement);
        console.log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }),
    );
    await db.execute(sql`analyze`);
  }
  const [counts] = await queryRows<{
    charges: number;
    payouts: number;
    lines: number;
    practices: number;
    timesheets: number;
  }>(
    db,
    sql`select (select count(*)::int from charges) as charges,
      (select count(*)::int from payouts) as payouts,
      (select count(*)::int from ledger_lines) as lines,
      (select count(*)::int from practices) as practices,
      (select count(*)::int from timesheets) as timesheets`,
  );

  // Approving: submitted timesheets for booked (future) shifts, approved one after the other as the
  // practice would, then undone.
  const ctx = {
    db,
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: marketDataDir(scale), LOG_LEVEL: 'silent' }),
    logger: createLogger('silent'),
  } as unknown as ServiceContext;
  const booked = await db
    .select({ booking: bookings, shift: shifts })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .where(and(eq(bookings.status, 'confirmed'), gt(shifts.startsAt, new Date())))
    .limit(Number(values.approvals));
  const sheets = await db
    .insert(timesheets)
    .values(
      booked.map(({ booking, shift }) => {
        const workedMinutes =
          Math.round((shift.endsAt.getTime() - shift.startsAt.getTime()) / 60_000) -
          shift.breakMinutes;
        return {
          bookingId: booking.id,
          shiftId: shift.id,
          practiceId: booking.practiceId,
          professionalId: booking.professionalId,
          startedAt: shift.startsAt,
          endedAt: shift.endsAt,
          breakMinutes: shift.breakMinutes,
          workedMinutes,
          rateCents: shift.rateCents,
          amountCents: amountForMinutes(workedMinutes, shift.rateCents),
          submittedBy: 'professional' as const,
        };
      }),
    )
    .returning({
      id: timesheets.id,
      practiceId: timesheets.practiceId,
      bookingId: timesheets.bookingId,
    });
  const approvals: number[] = [];
  for (const sheet of sheets) {
    const t = performance.now();
    await approvePracticeTimesheet(ctx, sheet.practiceId, sheet.id);
    approvals.push(performance.now() - t);
  }
  // Undo: the charges and their ledger lines, the timesheets, the bookings and shifts as booked.
  const made = await db
    .select({ id: charges.id })
    .from(charges)
    .where(
      inArray(
        charges.timesheetId,
        sheets.map((s) => s.id),
      ),
    );
  if (made.length > 0) {
    await db.delete(ledgerLines).where(
      inArray(
        ledgerLines.chargeId,
        made.map((c) => c.id),
      ),
    );
    await db.delete(charges).where(
      inArray(
        charges.id,
        made.map((c) => c.id),
      ),
    );
  }
  await db.delete(timesheets).where(
    inArray(
      timesheets.id,
      sheets.map((s) => s.id),
    ),
  );
  await db
    .update(bookings)
    .set({ status: 'confirmed', completedAt: null })
    .where(
      inArray(
        bookings.id,
        booked.map((b) => b.booking.id),
      ),
    );
  await db
    .update(shifts)
    .set({ status: 'filled' })
    .where(
      inArray(
        shifts.id,
        booked.map((b) => b.shift.id),
      ),
    );

  // The weekly invoice run for every practice, in a transaction rolled back afterwards.
  class RolledBack extends Error {}
  let invoiceRun = { seconds: 0, charges: 0, invoices: 0 };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update charges set invoice_id = null where invoice_id is not null`);
      await tx.execute(sql`delete from invoices`);
      const t = performance.now();
      const invoiced = await invoiceFinishedWeeks(tx, new Date());
      const seconds = (performance.now() - t) / 1000;
      const [made] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from invoices`,
      );
      invoiceRun = { seconds, charges: invoiced, invoices: Number(made?.n) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }

  // The reads behind Billing and Earnings, one connection, for many practices and professionals.
  const practiceIds = (
    await queryRows<{ id: string }>(
      db,
      sql`select id from practices order by random() limit ${Number(values.reads)}`,
    )
  ).map((r) => r.id);
  const professionalIds = (
    await queryRows<{ id: string }>(
      db,
      sql`select distinct professional_id as id from charges order by 1 limit ${Number(values.reads)}`,
    )
  ).map((r) => r.id);
  const rowRead = async () => {
    const t = performance.now();
    await queryRows(db, sql`select id from practices where id = ${practiceIds[0]!}`);
    return performance.now() - t;
  };
  const billing: number[] = [];
  const earnings: number[] = [];
  const oneRow: number[] = [];
  const year = new Date().getUTCFullYear();
  for (let i = 0; i < practiceIds.length; i++) {
    oneRow.push(await rowRead());
    let t = performance.now();
    await getPracticeMoney(db, practiceIds[i]!);
    billing.push(performance.now() - t);
    t = performance.now();
    await getEarnings(db, professionalIds[i % professionalIds.length]!, year);
    earnings.push(performance.now() - t);
  }
  const row = summary(oneRow);
  const result = {
    approvals: summary(approvals),
    invoiceRun,
    billing: summary(billing),
    earnings: summary(earnings),
    oneRow: row,
  };
  const title = `Money at scale: ${engine}, scale ${scale}`;
  const lines = [
    `# ${title}${values.label ? ` (${values.label})` : ''}`,
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${counts!.practices} practices, ${counts!.timesheets} timesheets, ${counts!.charges} charges, ${counts!.payouts} payouts, ${counts!.lines} ledger lines.`,
    '',
    '| what | n | p50 ms | p95 ms | max ms |',
    '| --- | --- | --- | --- | --- |',
    `| approve a timesheet (charge, complete, notify) | ${result.approvals.n} | ${ms(result.approvals.p50)} | ${ms(result.approvals.p95)} | ${ms(result.approvals.max)} |`,
    `| Billing read (charges + invoices) | ${result.billing.n} | ${ms(result.billing.p50)} | ${ms(result.billing.p95)} | ${ms(result.billing.max)} |`,
    `| Earnings read (a year) | ${result.earnings.n} | ${ms(result.earnings.p50)} | ${ms(result.earnings.p95)} | ${ms(result.earnings.max)} |`,
    `| one row by primary key (baseline) | ${row.n} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} |`,
    '',
    `Weekly invoice run for every practice: ${invoiceRun.seconds.toFixed(1)} s, ${invoiceRun.invoices} invoices, ${invoiceRun.charges} charges (aim: under 5 minutes).`,
    '',
    'Throughput under load (Billing and Earnings against the one-row baseline) is in the load benchmark (`bench/load.ts`), which measures both endpoints.',
  ];
  const file = path.join(
    'bench',
    'results',
    `money-${engine}-${scale}${values.label ? `-${values.label}` : ''}.md`,
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
} finally {
  await handle.close();
}
