import { and, desc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { practiceInstant } from '@shared/practice/shift-dates';
import { SHIFT_PAGE_SIZE, type ShiftPosition } from '@shared/practice/shift-constants';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  bookings,
  matchingEpochs,
  practices,
  professionals,
  ratings,
  shiftApplications,
  shiftReach,
  shifts,
} from '../../db/schema';
import type { ServiceContext } from '../context';
import {
  queueReachOfRead,
  storedReachIsOld,
  storedReachIsUsable,
} from '../matching/count-shift-reach';
import { isOpenFutureShift, shiftProfessionalRole } from '../matching/eligibility-sql';
import { shiftStatusSql } from './shift-status-sql';

export interface ShiftPageRequest {
  /** 'yyyy-MM', a month of the practice's calendar (America/New_York). */
  month: string;
  position?: ShiftPosition;
  /** Shifts of the month skipped, in display order. */
  offset: number;
}

/** Midnight, practice time, starting `month` ('yyyy-MM') and the month after it. */
export function practiceMonthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12
      ? `${String(year + 1).padStart(4, '0')}-01`
      : `${month.slice(0, 4)}-${String(monthNumber + 1).padStart(2, '0')}`;
  // Midnight exists every day in New York (clocks change at 2:00), so neither is null.
  return {
    from: practiceInstant(`${month}-01`, '00:00')!,
    to: practiceInstant(`${next}-01`, '00:00')!,
  };
}

/**
 * The bounds as ISO instants, kept per month: time-zone arithmetic cost more than the rest of
 * the request's own work, and a month's bounds never change. Emptied past a few years' worth.
 */
const monthBounds = new Map<string, { from: string; to: string }>();

function monthBoundsText(month: string): { from: string; to: string } {
  let bounds = monthBounds.get(month);
  if (!bounds) {
    const { from, to } = practiceMonthBounds(month);
    bounds = { from: from.toISOString(), to: to.toISOString() };
    if (monthBounds.size >= 120) monthBounds.clear();
    monthBounds.set(month, bounds);
  }
  return bounds;
}

/** An instant as Date#toISOString writes it (milliseconds, UTC), so the DTOs read the same. */
function isoText(column: SQLWrapper) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// The aliases the matching fragments use (eligibility-sql.ts, count-shift-reach.ts).
const s = alias(shifts, 's');
const r = alias(shiftReach, 'r');
const e = alias(matchingEpochs, 'e');

/** `'key', value` pairs of json_build_object. */
function jsonObject(fields: [string, SQL][]): SQL {
  return sql`json_build_object(${sql.join(
    fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/**
 * What a shift says of its reach: an open future one its stored count, or that it is being
 * counted (none was made for its inputs); any other shift nothing (reach means nothing for it).
 */
const reachFields = {
  count: [['reach', sql`${r.reach}`]],
  pending: [['reachPending', sql`true`]],
  none: [],
} satisfies Record<string, [string, SQL][]>;

/**
 * The ShiftDto of `s` as JSON, built by PostgreSQL: the same fields as toShiftDto and
 * toPracticeBookingDto (test/api/practice-shift-pages.test.ts compares the two field by field).
 * The booking is the live one (`bookings`), its professional named as professionalName() does
 * (first and last name, else the e-mail address), with the practice's rating of them.
 */
function shiftJson(reach: keyof typeof reachFields, now: SQL): SQL {
  const professionalName = sql`coalesce(nullif(btrim(${professionals.firstName} || ' ' || ${professionals.lastName}, E' \t\n\r'), ''), ${professionals.email})`;
  const booking = jsonObject([
    ['id', sql`${bookings.id}`],
    ['shiftId', sql`${bookings.shiftId}`],
    ['professionalId', sql`${bookings.professionalId}`],
    ['professionalName', professionalName],
    ['professionalPhone', sql`${professionals.phone}`],
    ['status', sql`${bookings.status}`],
    ['canRate', sql`(${bookings.status} = 'completed' and ${ratings.bookingId} is null)`],
    [
      'myRating',
      sql`case when ${ratings.bookingId} is null then null else ${jsonObject([
        ['stars', sql`${ratings.stars}`],
        ['comment', sql`${ratings.comment}`],
      ])} end`,
    ],
  ]);
  const fields: [string, SQL][] = [
    ['id', sql`${s.id}`],
    ['practiceId', sql`${s.practiceId}`],
    ['practiceName', sql`${practices.practiceName}`],
    ['position', sql`${s.position}`],
    ['startTime', isoText(s.startsAt)],
    ['endTime', isoText(s.endsAt)],
    ['rateCents', sql`${s.rateCents}`],
    ['notes', sql`${s.notes}`],
    ['status', shiftStatusSql(s.status, s.startsAt, now)],
    ['createdAt', isoText(s.createdAt)],
    ['timePerPatient', sql`${s.timePerPatientMinutes}`],
    ['breakTime', sql`${s.breakMinutes}`],
    [
      'location',
      jsonObject([
        ['id', sql`${s.locationId}`],
        ['name', sql`${s.locationName}`],
        ['address', sql`${s.locationAddress}`],
        ['city', sql`${s.locationCity}`],
        ['zipCode', sql`${s.locationZipCode}`],
      ]),
    ],
    ...reachFields[reach],
    ['bookingMode', sql`${s.bookingMode}`],
    ['payThrough', sql`${s.payThrough}`],
    ['feeBasisPoints', sql`${s.feeBasisPoints}`],
    ['requirements', sql`to_jsonb(${s.requirements})`],
    [
      'applicantCount',
      sql`(select count(*)::int from ${shiftApplications}
        where ${shiftApplications.shiftId} = ${s.id} and ${shiftApplications.status} = 'pending')`,
    ],
    [
      'booking',
      sql`case when ${bookings.id} is not null and ${professionals.id} is not null then ${booking} end`,
    ],
    ['cancelReason', sql`${s.cancelReason}`],
    [
      'offer',
      jsonObject([
        [
          'favouritesFirstUntil',
          sql`case when ${s.favouritesFirstUntil} is null then null else ${isoText(s.favouritesFirstUntil)} end`,
        ],
        ['instantBookFor', sql`${s.instantBookFor}`],
        ['instantBookMinRatingTenths', sql`${s.instantBookMinRatingTenths}`],
        ['wholeBlock', sql`${s.wholeBlock}`],
      ]),
    ],
  ];
  return jsonObject(fields);
}

/**
 * One statement answers the page as the response body: the month's shifts (of the position) are
 * found by the (practice, start) index, the page is cut from them in display order (newest start
 * first, then newest posted, then id: the reverse of the ascending list), and only the page's rows
 * are joined to their pending applicant count, live booking (at most one), its professional, the
 * practice's rating of them and the stored reach made for the shift's inputs (even under an older
 * matching epoch); PostgreSQL writes the JSON, with the month's total, and names the page's open
 * future shifts without a current stored reach (missing, or made under an older epoch).
 * Prepared once per connection: planning it cost more than running it (about 2 ms against
 * 0.6 ms for practice-1 of the large market); no row mapping in JavaScript.
 */
function preparePageQuery(db: Database) {
  const position = sql.placeholder('position');
  const monthShifts = db.$with('month_shifts').as(
    db
      .select({ id: shifts.id, startsAt: shifts.startsAt, createdAt: shifts.createdAt })
      .from(shifts)
      .where(
        and(
          eq(shifts.practiceId, sql`${sql.placeholder('practiceId')}::uuid`),
          gte(shifts.startsAt, sql`${sql.placeholder('from')}::timestamptz`),
          lt(shifts.startsAt, sql`${sql.placeholder('to')}::timestamptz`),
          sql`(${position}::text is null or ${shifts.position} = ${position}::text)`,
        ),
      ),
  );
  const page = db
    .$with('page')
    .as(
      db
        .select({ id: monthShifts.id })
        .from(monthShifts)
        .orderBy(desc(monthShifts.startsAt), desc(monthShifts.createdAt), desc(monthShifts.id))
        .limit(SHIFT_PAGE_SIZE)
        .offset(sql.placeholder('offset')),
    );
  const total = db
    .select({ total: sql<number>`count(*)::int`.as('total') })
    .from(monthShifts)
    .as('t');
  const wantsReach = isOpenFutureShift(sql.placeholder('now'));
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const item = db
    .select({
      id: sql<string>`${s.id}`.as('id'),
      dto: sql`case when ${wantsReach} and ${r.reach} is not null then ${shiftJson('count', now)}
        when ${wantsReach} then ${shiftJson('pending', now)}
        else ${shiftJson('none', now)} end`.as('dto'),
      /** Open and not started, without a current stored reach: queued for the shift-reach job. */
      reachToQueue:
        sql<boolean>`(${wantsReach} and (${r.reach} is null or ${storedReachIsOld}))`.as(
          'reach_to_queue',
        ),
      sortStart: sql`${s.startsAt}`.as('sort_start'),
      sortCreated: sql`${s.createdAt}`.as('sort_created'),
    })
    .from(page)
    .innerJoin(s, eq(s.id, page.id))
    .innerJoin(practices, eq(practices.id, s.practiceId))
    // Constants written into the statement, not parameters: the plan made once for every
    // practice and month can then use the partial index of live bookings.
    .leftJoin(
      bookings,
      sql`${bookings.shiftId} = ${s.id} and ${bookings.status} in ('confirmed', 'completed')`,
    )
    .leftJoin(professionals, eq(professionals.id, bookings.professionalId))
    .leftJoin(
      ratings,
      sql`${ratings.bookingId} = ${bookings.id} and ${ratings.raterSide} = 'practice'`,
    )
    .leftJoin(e, sql`${e.role} = ${shiftProfessionalRole}`)
    .leftJoin(r, storedReachIsUsable)
    .as('item');
  return db
    .with(monthShifts, page)
    .select({
      body: sql<string>`json_build_object(
        'shifts', coalesce(json_agg(${item.dto} order by ${item.sortStart} desc,
          ${item.sortCreated} desc, ${item.id} desc) filter (where ${item.id} is not null), '[]'),
        'total', ${total.total})::text`,
      reachToQueue: sql<string[] | null>`array_agg(${item.id}::text)
        filter (where ${item.reachToQueue})`,
    })
    .from(total)
    .leftJoinLateral(item, sql`true`)
    .groupBy(total.total)
    .prepare('practice_shift_page');
}

const pageQuery = perDatabase(preparePageQuery);

/**
 * One page of a practice's shifts starting in a month (practice time), newest first, with how
 * many the month has (a ShiftPageDto), as the JSON body the API answers: the Staffing Requests
 * list and the dashboard's current month read these. Each open future shift of the page carries
 * its stored `reach`, or `reachPending` while none was made for its inputs, read in the same
 * statement. Nothing is computed here (decision record 034): the page's shifts without a current
 * count are queued, in a second statement only when there are any, and the shift-reach job
 * stores their counts within seconds (which the list hears: migration 0029).
 */
export async function shiftPageJson(
  ctx: ServiceContext,
  practiceId: string,
  page: ShiftPageRequest,
  now: Date = ctx.clock.now(),
): Promise<string> {
  const { from, to } = monthBoundsText(page.month);
  const [row] = await pageQuery(ctx.db).execute({
    practiceId,
    from,
    to,
    position: page.position ?? null,
    offset: page.offset,
    now: now.toISOString(),
  });
  await queueReachOfRead(ctx.db, row!.reachToQueue ?? []);
  return row!.body;
}
