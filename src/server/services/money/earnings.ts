import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { practiceInstant, practiceYearOf } from '@shared/practice/shift-dates';
import type { EarningDto, EarningsDto } from '@shared/money/money-replies';
import { moneyMessages, waitingEarningStatuses } from '@shared/money/money-texts';
import type { Database } from '../../db/client';
import { charges, payouts, practices, shifts, timesheets } from '../../db/schema';
import { keptAnswer } from '../kept-answer-registry';

const ZONE = sql.raw(`'America/New_York'`);

/**
 * A professional's earnings of one year (New Jersey calendar, by shift date): hours still waiting
 * for approval ('pending') or disputed ('disputed'), approved hours and late-cancellation amounts
 * ('approved'), those paid out ('paid'), and shifts the practice pays through its own payroll
 * ('payroll'). The total adds up every row; it splits into what was earned and what waits.
 */
export async function getEarnings(
  db: Database,
  professionalId: string,
  year: number,
): Promise<EarningsDto> {
  const from = practiceInstant(`${year}-01-01`, '00:00')!;
  const to = practiceInstant(`${year + 1}-01-01`, '00:00')!;
  // Only the columns shown: a year of rows is read, and mapping whole rows was most of the time.
  const charged = await db
    .select({
      charge: {
        bookingId: charges.bookingId,
        kind: charges.kind,
        serviceDate: charges.serviceDate,
        minutes: charges.minutes,
        rateCents: charges.rateCents,
        shiftAmountCents: charges.shiftAmountCents,
        payoutAmountCents: charges.payoutAmountCents,
        payThrough: charges.payThrough,
        status: charges.status,
      },
      practiceName: practices.practiceName,
      position: shifts.position,
      payoutStatus: payouts.status,
      paidAt: payouts.paidAt,
    })
    .from(charges)
    .innerJoin(shifts, eq(shifts.id, charges.shiftId))
    .innerJoin(practices, eq(practices.id, charges.practiceId))
    .leftJoin(payouts, eq(payouts.chargeId, charges.id))
    .where(
      and(
        eq(charges.professionalId, professionalId),
        gte(charges.serviceDate, from),
        lt(charges.serviceDate, to),
      ),
    )
    .orderBy(desc(charges.serviceDate));
  const waiting = await db
    .select({
      timesheet: {
        bookingId: timesheets.bookingId,
        status: timesheets.status,
        workedMinutes: timesheets.workedMinutes,
        rateCents: timesheets.rateCents,
        amountCents: timesheets.amountCents,
      },
      practiceName: practices.practiceName,
      shift: {
        startsAt: shifts.startsAt,
        position: shifts.position,
        payThrough: shifts.payThrough,
      },
    })
    .from(timesheets)
    .innerJoin(shifts, eq(shifts.id, timesheets.shiftId))
    .innerJoin(practices, eq(practices.id, timesheets.practiceId))
    .where(
      and(
        eq(timesheets.professionalId, professionalId),
        inArray(timesheets.status, ['submitted', 'disputed']),
        gte(shifts.startsAt, from),
        lt(shifts.startsAt, to),
      ),
    );
  const earnings: EarningDto[] = [
    ...waiting.map(({ timesheet, practiceName, shift }) => ({
      bookingId: timesheet.bookingId,
      kind: 'worked' as const,
      serviceDate: shift.startsAt.toISOString(),
      practiceName,
      position: shift.position,
      minutes: timesheet.workedMinutes,
      rateCents: timesheet.rateCents,
      amountCents: timesheet.amountCents,
      payThrough: shift.payThrough,
      status: timesheet.status === 'disputed' ? ('disputed' as const) : ('pending' as const),
      paidAt: null,
    })),
    ...charged
      .filter(({ charge }) => charge.status !== 'refunded' || charge.payoutAmountCents === 0)
      .map(({ charge, practiceName, position, payoutStatus, paidAt }) => ({
        bookingId: charge.bookingId,
        kind: charge.kind,
        serviceDate: charge.serviceDate.toISOString(),
        practiceName,
        position,
        minutes: charge.minutes,
        rateCents: charge.rateCents,
        amountCents: charge.shiftAmountCents,
        payThrough: charge.payThrough,
        status:
          charge.payThrough === 'practice_payroll'
            ? ('payroll' as const)
            : payoutStatus === 'paid'
              ? ('paid' as const)
              : ('approved' as const),
        paidAt: payoutStatus === 'paid' ? (paidAt?.toISOString() ?? null) : null,
      })),
  ].sort((a, b) => b.serviceDate.localeCompare(a.serviceDate));
  const sum = (rows: EarningDto[]) => rows.reduce((total, e) => total + e.amountCents, 0);
  const notYetEarned = earnings.filter((e) => waitingEarningStatuses.includes(e.status));
  const earned = earnings.filter((e) => !waitingEarningStatuses.includes(e.status));
  const yearRows = await db
    .selectDistinct({
      year: sql<number>`extract(year from ${charges.serviceDate} at time zone ${ZONE})::int`,
    })
    .from(charges)
    .where(eq(charges.professionalId, professionalId));
  const currentYear = practiceYearOf(new Date());
  const years = [...new Set([currentYear, year, ...yearRows.map((r) => Number(r.year))])].sort(
    (a, b) => b - a,
  );
  return {
    year,
    years,
    totalCents: sum(earnings),
    earnedCents: sum(earned),
    waitingCents: sum(notYetEarned),
    paidCents: sum(earned.filter((e) => e.status === 'paid')),
    earnings,
  };
}

/**
 * Earnings' JSON as GET /api/professional/earnings sends it: kept in the server's memory until the
 * professional's charges, payouts or timesheets change, a listed practice's shifts or name
 * change (migration 0017's triggers), or the year turns (the years offered change).
 */
export async function earningsJson(
  db: Database,
  professionalId: string,
  userId: string,
  year: number,
): Promise<string> {
  return keptAnswer(db, 'earnings', [professionalId, year], async () => {
    const earnings = await getEarnings(db, professionalId, year);
    const practiceIds = await db
      .selectDistinct({ id: charges.practiceId })
      .from(charges)
      .where(eq(charges.professionalId, professionalId));
    const nextYear = practiceInstant(`${practiceYearOf(new Date()) + 1}-01-01`, '00:00')!;
    return {
      body: JSON.stringify(earnings),
      tags: [
        `professional:${professionalId}`,
        `user:${userId}`,
        ...practiceIds.map((row) => `practice:${row.id}`),
      ],
      expiresAt: nextYear.getTime(),
    };
  });
}

/**
 * The year's earnings as CSV for the professional's taxes: one row per shift, then the totals as
 * the Earnings page names them (all rows, earned, not yet approved, paid to the bank).
 */
export function earningsCsv(
  earnings: EarningsDto,
  format: {
    date: (iso: string) => string;
    hours: (minutes: number) => string;
    money: (cents: number) => string;
    rate: (cents: number) => string;
    status: (status: EarningDto['status']) => string;
    kind: (kind: EarningDto['kind']) => string;
  },
): string {
  const cell = (value: string) => {
    // Quote every cell; a leading formula character is neutralised for spreadsheet programs.
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  const header = [
    'Date',
    'Practice',
    'Position',
    'Type',
    'Hours',
    'Rate',
    'Amount',
    'Status',
    'Paid on',
  ];
  const rows = earnings.earnings.map((e) => [
    format.date(e.serviceDate),
    e.practiceName,
    e.position,
    format.kind(e.kind),
    format.hours(e.minutes),
    format.rate(e.rateCents),
    format.money(e.amountCents),
    format.status(e.status),
    e.paidAt ? format.date(e.paidAt) : '',
  ]);
  const totalRow = (label: string, cents: number) => [
    '',
    '',
    '',
    '',
    '',
    label,
    format.money(cents),
    '',
    '',
  ];
  const totals = [
    totalRow(moneyMessages.earningsYearTotal(earnings.year), earnings.totalCents),
    totalRow(moneyMessages.earningsEarnedTotal, earnings.earnedCents),
    totalRow(moneyMessages.earningsWaitingTotal, earnings.waitingCents),
    totalRow(moneyMessages.earningsPaidTotal, earnings.paidCents),
  ];
  return [header, ...rows, ...totals].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
