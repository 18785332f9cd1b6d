import { and, desc, eq, gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { practiceInstant } from '@shared/practice/shift-dates';
import {
  SHIFT_PAGE_SIZE,
  type ShiftDto,
  type ShiftPageDto,
  type ShiftPosition,
} from '@shared/practice/shift-constants';
import type { Database } from '../../db/client';
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
import { professionalName } from '../marketplace/marketplace-actors';
import { toPracticeBookingDto } from '../marketplace/marketplace-dtos';
import { refreshShiftReach, storedReachIsCurrent } from '../matching/count-shift-reach';
import { isOpenFutureShift, shiftProfessionalRole } from '../matching/eligibility-sql';

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

/** An instant as Date#toISOString writes it (milliseconds, UTC), so the DTOs read the same. */
function isoText(column: SQLWrapper) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

// The aliases the matching fragments use (eligibility-sql.ts, count-shift-reach.ts).
const s = alias(shifts, 's');
const r = alias(shiftReach, 'r');
const e = alias(matchingEpochs, 'e');

/**
 * One statement for the page and the month's total: the month's shifts (of the position) are
 * found by the (practice, start) index, the page is cut from them in display order (newest
 * start first, then newest posted, then id: the reverse of the ascending list), and only the
 * page's rows are joined to their pending applicant count, live booking (at most one), its
 * professional, the practice's rating of them and the stored reach. A page past the end still
 * answers one row: the total. Prepared once per connection: planning it cost more than running
 * it (2 ms against 0.6 ms for practice-1 of the large market).
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
  const item = db
    .select({
      id: sql<string>`${s.id}`.as('id'),
      practiceId: sql<string>`${s.practiceId}`.as('practice_id'),
      practiceName: sql<string>`${practices.practiceName}`.as('practice_name'),
      position: sql<ShiftPosition>`${s.position}`.as('position'),
      startTime: isoText(s.startsAt).as('start_time'),
      endTime: isoText(s.endsAt).as('end_time'),
      rateCents: sql<number>`${s.rateCents}`.as('rate_cents'),
      notes: sql<string>`${s.notes}`.as('notes'),
      status: sql<ShiftDto['status']>`${s.status}`.as('status'),
      createdAt: isoText(s.createdAt).as('created_at'),
      timePerPatient: sql<number | null>`${s.timePerPatientMinutes}`.as('time_per_patient'),
      breakTime: sql<number>`${s.breakMinutes}`.as('break_time'),
      locationId: sql<string | null>`${s.locationId}`.as('location_id'),
      locationName: sql<string>`${s.locationName}`.as('location_name'),
      locationAddress: sql<string>`${s.locationAddress}`.as('location_address'),
      bookingMode: sql<ShiftDto['bookingMode']>`${s.bookingMode}`.as('booking_mode'),
      cancelReason: sql<string>`${s.cancelReason}`.as('cancel_reason'),
      applicantCount: sql<number>`(select count(*)::int from ${shiftApplications}
        where ${shiftApplications.shiftId} = ${s.id}
        and ${shiftApplications.status} = 'pending')`.as('applicant_count'),
      bookingId: sql<string | null>`${bookings.id}`.as('booking_id'),
      bookingProfessionalId: sql<string>`${bookings.professionalId}`.as('booking_professional_id'),
      bookingStatus: sql<'confirmed' | 'completed'>`${bookings.status}`.as('booking_status'),
      firstName: sql<string | null>`${professionals.firstName}`.as('first_name'),
      lastName: sql<string>`${professionals.lastName}`.as('last_name'),
      email: sql<string>`${professionals.email}`.as('email'),
      ratingStars: sql<number | null>`${ratings.stars}`.as('rating_stars'),
      ratingComment: sql<string>`${ratings.comment}`.as('rating_comment'),
      /** Open and not started: the shift shows its reach. */
      wantsReach: sql<boolean>`${isOpenFutureShift(sql.placeholder('now'))}`.as('wants_reach'),
      /** The stored reach when it is current, else null. */
      reach: sql<number | null>`${r.reach}`.as('reach'),
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
    .leftJoin(r, storedReachIsCurrent)
    .as('item');
  return db
    .with(monthShifts, page)
    .select({
      total: total.total,
      id: item.id,
      practiceId: item.practiceId,
      practiceName: item.practiceName,
      position: item.position,
      startTime: item.startTime,
      endTime: item.endTime,
      rateCents: item.rateCents,
      notes: item.notes,
      status: item.status,
      createdAt: item.createdAt,
      timePerPatient: item.timePerPatient,
      breakTime: item.breakTime,
      locationId: item.locationId,
      locationName: item.locationName,
      locationAddress: item.locationAddress,
      bookingMode: item.bookingMode,
      cancelReason: item.cancelReason,
      applicantCount: item.applicantCount,
      bookingId: item.bookingId,
      bookingProfessionalId: item.bookingProfessionalId,
      bookingStatus: item.bookingStatus,
      firstName: item.firstName,
      lastName: item.lastName,
      email: item.email,
      ratingStars: item.ratingStars,
      ratingComment: item.ratingComment,
      wantsReach: item.wantsReach,
      reach: item.reach,
    })
    .from(total)
    .leftJoinLateral(item, sql`true`)
    .orderBy(desc(item.sortStart), desc(item.sortCreated), desc(item.id))
    .prepare('practice_shift_page');
}

type PageQuery = ReturnType<typeof preparePageQuery>;
type PageRow = Awaited<ReturnType<PageQuery['execute']>>[number];

const preparedPageQueries = new WeakMap<Database, PageQuery>();

function pageQuery(db: Database): PageQuery {
  let query = preparedPageQueries.get(db);
  if (!query) {
    query = preparePageQuery(db);
    preparedPageQueries.set(db, query);
  }
  return query;
}

function toPageShift(row: PageRow & { id: string }, reach: number | undefined): ShiftDto {
  const dto: ShiftDto = {
    id: row.id,
    practiceId: row.practiceId,
    practiceName: row.practiceName,
    position: row.position,
    startTime: row.startTime,
    endTime: row.endTime,
    rateCents: Number(row.rateCents),
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt,
    timePerPatient: row.timePerPatient === null ? null : Number(row.timePerPatient),
    breakTime: Number(row.breakTime),
    location: { id: row.locationId, name: row.locationName, address: row.locationAddress },
    bookingMode: row.bookingMode,
    applicantCount: Number(row.applicantCount),
    booking:
      row.bookingId !== null && row.firstName !== null
        ? toPracticeBookingDto(
            {
              id: row.bookingId,
              shiftId: row.id,
              professionalId: row.bookingProfessionalId,
              status: row.bookingStatus,
            },
            professionalName({
              firstName: row.firstName,
              lastName: row.lastName,
              email: row.email,
            }),
            row.ratingStars === null
              ? null
              : { stars: Number(row.ratingStars), comment: row.ratingComment },
          )
        : null,
    cancelReason: row.cancelReason,
  };
  return reach === undefined ? dto : { ...dto, reach };
}

/**
 * One page of a practice's shifts starting in a month (practice time), newest first, with how
 * many the month has: the Staffing Requests list and the dashboard's current month read these.
 * Each open future shift of the page carries `reach` (countShiftReach's rules): the stored
 * count read in the same statement, or computed now for the page's shifts whose stored count is
 * missing or out of date (a second statement, only then).
 */
export async function listShiftPage(
  ctx: ServiceContext,
  practiceId: string,
  page: ShiftPageRequest,
  now: Date = new Date(),
): Promise<ShiftPageDto> {
  const { from, to } = practiceMonthBounds(page.month);
  const rows = await pageQuery(ctx.db).execute({
    practiceId,
    from: from.toISOString(),
    to: to.toISOString(),
    position: page.position ?? null,
    offset: page.offset,
    now: now.toISOString(),
  });
  const total = Number(rows[0]?.total ?? 0);
  const listed = rows.filter((row): row is PageRow & { id: string } => row.id !== null);
  const missing = listed.filter((row) => row.wantsReach && row.reach === null).map((r) => r.id);
  const refreshed = await refreshShiftReach(ctx.db, missing);
  const shifts = listed.map((row) =>
    toPageShift(
      row,
      row.wantsReach ? (row.reach === null ? refreshed.get(row.id) : Number(row.reach)) : undefined,
    ),
  );
  return { shifts, total };
}
