import type { PayThrough } from '@shared/money/pay-terms';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  shiftBoardMessages,
  shiftPositionByRole,
  type ShiftBoardQuery,
} from '@shared/matching/shift-board';
import type { ShiftBoardReply } from '@shared/professional/professional-replies';
import type { ShiftBoardItemDto } from '@shared/professional/professional-replies';
import type { ApplicationStatus, BookingMode } from '@shared/marketplace/bookings';
import { availabilitySchema, type WeekDay } from '@shared/professional/availability';
import type { ShiftPosition } from '@shared/practice/shifts';
import { builtOnce, nowValue, runValue } from '../../db/built-once';
import { professionals } from '../../db/schema';
import { shiftTimeColumns, shiftTimes } from '../../db/shift-times';
import { homeCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { ensureProfessional, type ProfessionalRow } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';
import { keptAnswer } from '../kept-answer-registry';
import { requirementNoteOf } from './requirement-note';
import { boardAreaTags } from './board-area';
import { boardOffered, mayBookAtOnce, ratingTenthsOf } from '../trust/offer-rules';
import type { InstantBookAudience } from '@shared/trust/favourites';
import type { CredentialKind } from '@shared/trust/credentials';
import {
  availabilityWindows,
  boardRequirements,
  closedPracticesFor,
  fitsWindow,
  heldRequirements,
  isOpenFutureShift,
  requiredCredentialLastDays,
  shiftLocalDate,
  practiceDateAt,
  meetsMinimumRate,
  milesToTenth,
  professional,
  shift,
  shiftDistanceMiles,
  withinBoundingBox,
} from './eligibility-sql';

/** The board lists at most this many shifts (the best fits). */
export const SHIFT_BOARD_LIMIT = 200;

/** The share of the board's radius matched first (nearest first, boardOf). */
const NEAR_FIRST_SHARE = 0.4;

export interface BoardRow {
  /** The requirement note's count and requirement, on every row (requirementNoteOf). */
  hidden_shifts: number;
  hidden_requirement: string | null;
  /** Null on the one row answered when nothing fits (left out before the rows are read). */
  id: string | null;
  practice_id: string;
  practice_name: string;
  position: ShiftPosition;
  starts_ms: number;
  ends_ms: number;
  rate_cents: number;
  notes: string;
  break_minutes: number;
  time_per_patient_minutes: number | null;
  location_name: string;
  location_address: string;
  location_city: string;
  location_zip_code: string;
  booking_mode: BookingMode;
  instant_book_limit: InstantBookAudience | null;
  instant_book_min_rating_tenths: number | null;
  favourites_first_until: Date | string | null;
  block_dates: Array<{ starts_ms: number; ends_ms: number }> | null;
  /** A required credential of their role that lapses before the shift's date (the first kind). */
  credential_lapse: { kind: CredentialKind; last_day: string } | null;
  pay_through: PayThrough;
  application_id: string | null;
  application_status: ApplicationStatus | null;
  /** One of their confirmed bookings overlaps the shift's times (they cannot take it). */
  booked_at_this_time: boolean;
  distance_miles: number;
  within_travel_distance: boolean;
  meets_minimum_rate: boolean;
  window_day: WeekDay;
  window_start: string;
  window_end: string;
}

/** Fills the home coordinates of a record saved before they were kept (or backfilled). */
export async function withHomeCoordinates(
  ctx: ServiceContext,
  row: ProfessionalRow,
): Promise<ProfessionalRow> {
  if (row.homeLatitude !== null && row.homeLongitude !== null) return row;
  const coordinates = homeCoordinates(row.homeZipCode);
  if (coordinates.homeLatitude === null) return row;
  await ctx.db.update(professionals).set(coordinates).where(eq(professionals.id, row.id));
  return { ...row, ...coordinates };
}

/**
 * GET /api/professional/shift-board: the open future shifts that fit the professional, each with
 * why (distance, rate against their minimum, the availability window it falls in). One SQL
 * query does the matching (eligibility-sql.ts): for each of the professional's availability
 * windows (at most one a weekday), one range scan of shifts_open_board_idx (position, New Jersey
 * weekday, latitude band, then longitude and wall-clock minutes checked in the index), open and
 * future, then the haversine distance and the minimum rate unless `includeBelowMinimum`; nearest
 * first (boardStatement): within a smaller circle, the whole radius only when that is not enough.
 *
 * `maxDistance` widens the search beyond the travel distance (never narrows it), up to 100 miles.
 *
 * Best fit first: shifts that meet both the travel distance and the minimum rate, then those
 * that miss one of them (only possible with a filter), then both; within that, nearer first, then
 * the higher rate, then the sooner start.
 *
 * Shifts of practices ChairFill has not verified, and of practices either side blocked, are
 * never listed (eligibility-sql.ts, closedPracticesFor).
 *
 * A shift dated after the last valid day of a credential their role requires (a CPR/BLS card
 * that expires first) is listed with `credentialLapse`: booking and applying would refuse it, and
 * Find Shifts says why instead of offering them (read once per query: requiredCredentialLastDays).
 *
 * Professionals who are not verified see the board too, with `canBook: false`. Each shift says
 * how it is booked and carries this professional's application, if any; a shift they are booked
 * on is never listed (it is filled, and the booking check says so explicitly).
 */
export async function listShiftBoard(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  query: ShiftBoardQuery,
  now: Date = ctx.clock.now(),
): Promise<ShiftBoardReply> {
  return (await matchShiftBoard(ctx, account, query, now)).reply;
}

/**
 * The board's JSON as GET /api/professional/shift-board sends it: kept in the server's memory
 * until something that decides it changes (kept-answers.ts): shifts of the position in the areas
 * it reaches (board-area.ts), the professional's record, applications or bookings, a practice's
 * name, or its first shift starts.
 */
export async function shiftBoardJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  query: ShiftBoardQuery,
): Promise<string> {
  const parts = [account.id, query.maxDistance, query.includeBelowMinimum];
  return keptAnswer(ctx.db, 'shift-board', parts, async () => {
    const { reply, professional } = await matchShiftBoard(ctx, account, query);
    const { homeLatitude, homeLongitude } = professional;
    const radius = reply.filters.maxDistanceMiles;
    return {
      body: JSON.stringify(reply),
      tags: [
        // The shifts within its reach (none while the profile says no place or distance).
        ...(homeLatitude === null || homeLongitude === null || radius === null
          ? []
          : boardAreaTags(shiftPositionByRole[account.role], homeLatitude, homeLongitude, radius)),
        `professional:${professional.id}`,
        `user:${account.id}`,
      ],
      expiresAt: Math.min(...reply.shifts.map((shift) => Date.parse(shift.startTime))),
    };
  });
}

const pid = runValue('professionalId', 'uuid');
/** The shifts' rate rule unless the board lists those below the minimum too. */
const fitsRate = sql`(${runValue('includeBelowMinimum', 'boolean')} or ${meetsMinimumRate})`;
const radiusMiles = runValue('radiusMiles', 'double precision');
const nearMiles = runValue('nearMiles', 'double precision');
const fitsWhere = sql`${boardRequirements(pid, nowValue)} and ${fitsRate}`;

/**
 * The open future shifts within `withinMiles` that fit one of the professional's availability
 * windows, with their distance and why they fit, `where` added to the scan: one range scan of
 * a board index per window (the weekday an index key), then distance.
 */
export const candidatesWithin = (withinMiles: SQL, where: SQL) => sql`select s.id, s.rate_cents,
      s.starts_at, s.requirements, m.distance,
      m.distance <= p.travel_distance_miles as within_travel_distance,
      ${meetsMinimumRate} as meets_minimum_rate,
      win.day as window_day, win.start_time as window_start, win.end_time as window_end
    from professionals p
    cross join lateral (
      select w.entry->>'day' as day, w.entry->>'startTime' as start_time,
        w.entry->>'endTime' as end_time, wm.day as day_number, wm.start_minute, wm.end_minute
      from ${availabilityWindows}
    ) win
    cross join lateral (
      select s.id, s.latitude, s.longitude, s.rate_cents, s.starts_at, s.requirements
      from shifts s
      where s.position = ${sql.placeholder('position')}
        and ${fitsWindow(sql`win.day_number`, sql`win.start_minute`, sql`win.end_minute`)}
        and ${isOpenFutureShift(sql.placeholder('now'))}
        and s.latitude is not null and s.longitude is not null
        and ${shift.practiceId} not in (${closedPracticesFor(pid)})
        and ${boardOffered(pid, nowValue)}
        and ${withinBoundingBox(shift.latitude, shift.longitude, professional.latitude, professional.longitude, withinMiles)}
        and ${where}
      -- A fence: keeps this a scan per window (the weekday an index key) rather than one
      -- scan of every weekday hash-joined with the windows.
      offset 0
    ) s
    cross join lateral (select ${shiftDistanceMiles} as distance) m
    where p.id = ${pid}
      and m.distance <= ${withinMiles}
      -- not in: a hashed subplan, where '<> all(array(...))' compared each row with every
      -- one of their bookings (a busy professional has thousands).
      and s.id not in (select b.shift_id from bookings b
        where b.professional_id = ${pid} and b.status in ('confirmed', 'completed'))`;
// Nearest first: the best fits of the default board are the nearest ones (the order is by
// distance to the tenth before rate and start; the travel tier only grows with distance), so
// the shifts within a smaller circle are matched first, and the whole radius only when fewer
// than the board's limit lie well inside it (0.1 mile: a tenth's rounding never crosses it).
// Shifts below their minimum rate on the board break that order: then the whole radius.
const nearEnough = sql`(select count(*) >= ${SHIFT_BOARD_LIMIT} from near
  where near.distance < ${nearMiles} - 0.1)`;
// The parts of the board's statement "Almost a match" reads too (list-almost-a-match.ts).
/**
 * Their upcoming bookings (a handful: confirmed ones not yet ended) as the CTE `mine`, read once,
 * so each listed shift says whether it overlaps one (issue 41) without a query of its own.
 */
export const upcomingBookings = sql`mine as materialized (
      select bs.starts_at, bs.ends_at from bookings b join shifts bs on bs.id = b.shift_id
      where b.professional_id = ${pid} and b.status = 'confirmed' and bs.ends_at > ${nowValue}
    )`;
/**
 * The last valid day of each required credential of their role that lapses, as the CTE
 * `lapses`, read once: a shift after it is listed with why it cannot be taken.
 */
export const credentialLastDays = sql`lapses as (
      select coalesce(array_agg(l.kind order by l.kind), '{}') as kinds,
        coalesce(array_agg(l.last_day order by l.kind), '{}') as last_days
      from (${requiredCredentialLastDays(pid)}) l
    )`;
/**
 * Each shift of the CTE `fit` (candidatesWithin's columns) as a BoardRow, with `mine` and
 * `lapses` in scope; `tier`, `fit_distance` (unrounded miles), `fit_rate_cents` and
 * `fit_starts_at` to order by.
 */
export const boardItemsOfFit = sql`select s.id, s.practice_id, pr.practice_name, s.position, ${shiftTimeColumns},
        s.rate_cents, s.notes, s.break_minutes, s.time_per_patient_minutes,
        s.location_name, s.location_address, s.location_city, s.location_zip_code, s.pay_through,
        case when ob.at_once then 'instant' else 'review' end as booking_mode,
        case when s.booking_mode = 'instant' and not ob.at_once
          then s.instant_book_for end as instant_book_limit,
        s.instant_book_min_rating_tenths, s.favourites_first_until,
        case when s.whole_block then (select json_agg(json_build_object(
            'starts_ms', (extract(epoch from b.starts_at) * 1000)::float8,
            'ends_ms', (extract(epoch from b.ends_at) * 1000)::float8)
            order by b.starts_at)
          from shifts b where b.posting_id = s.posting_id and b.status = 'open'
            and b.starts_at > ${nowValue}) end as block_dates,
        (select json_build_object('kind', l.kind, 'last_day', l.last_day::text)
          from unnest(lapses.kinds, lapses.last_days) as l(kind, last_day)
          where l.last_day < ${shiftLocalDate} order by l.kind limit 1) as credential_lapse,
        a.id as application_id, a.status as application_status,
        exists (select 1 from mine where mine.starts_at < s.ends_at
          and mine.ends_at > s.starts_at) as booked_at_this_time,
        ${milesToTenth(sql`f.distance`)} as distance_miles,
        f.within_travel_distance, f.meets_minimum_rate,
        f.window_day, f.window_start, f.window_end,
        (case when f.within_travel_distance then 0 else 1 end)
          + (case when f.meets_minimum_rate then 0 else 1 end) as tier,
        f.distance as fit_distance, f.rate_cents as fit_rate_cents, f.starts_at as fit_starts_at
      from fit f
      join shifts s on s.id = f.id
      join practices pr on pr.id = s.practice_id
      -- The professional's rating is read once; whether each shift books at once for them, once.
      cross join (select ${ratingTenthsOf(pid)} as rating_tenths) me
      cross join lapses
      cross join lateral (select ${mayBookAtOnce(pid, sql`me.rating_tenths`)}
        as at_once) ob
      left join shift_applications a on a.shift_id = s.id and a.professional_id = ${pid}`;

// One query answers both the board and its requirement note (requirementNoteOf). Built once and
// named: planning its three scans takes ~10 ms, and PostgreSQL keeps a generic plan for it after
// five runs on a connection.
const boardStatement = builtOnce(
  (db) =>
    db.select({ row: sql<BoardRow>`to_json(board_rows)` })
      .from(sql`(with near as materialized (${candidatesWithin(nearMiles, fitsWhere)}
    ), wide as materialized (
      -- Skipped when the near circle already holds the board (a one-time filter).
      ${candidatesWithin(radiusMiles, fitsWhere)} and not ${nearEnough}
    ), fit as (
      -- The best fits.
      select c.* from (select * from near where ${nearEnough}
        union all select * from wide) c
      order by
        (case when c.within_travel_distance then 0 else 1 end)
          + (case when c.meets_minimum_rate then 0 else 1 end),
        ${milesToTenth(sql`c.distance`)}, c.rate_cents desc, c.starts_at, c.id
      limit ${SHIFT_BOARD_LIMIT}
    ), hidden as (
      -- Within their travel distance and at their rate, but asking for what they do not hold
      -- (the scan reads the index of shifts with requirements).
      select distinct c.id, c.requirements from (${candidatesWithin(
        sql`p.travel_distance_miles`,
        sql`cardinality(s.requirements) > 0 and ${meetsMinimumRate}
          and not ${boardRequirements(pid, nowValue)}`,
      )}) c
    ), ${upcomingBookings}, note as (
      select (select count(*) from hidden)::int as hidden_shifts,
        (select r.key from hidden h cross join lateral unnest(h.requirements) as r(key)
          where r.key <> all(${heldRequirements(pid, practiceDateAt(nowValue))})
          group by r.key order by count(*) desc, r.key limit 1) as hidden_requirement
    ), ${credentialLastDays}
    select note.hidden_shifts, note.hidden_requirement, board.*
    from note
    -- The note comes with every row, and alone (one row of nulls) when nothing fits.
    left join lateral (
      ${boardItemsOfFit}
    ) board on true
    order by board.tier, ${milesToTenth(sql`board.fit_distance`)}, board.fit_rate_cents desc,
      board.fit_starts_at, board.id) as board_rows`),
  'shift_board',
);

async function matchShiftBoard(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  query: ShiftBoardQuery,
  now: Date = ctx.clock.now(),
): Promise<{ reply: ShiftBoardReply; professional: ProfessionalRow }> {
  const row = await withHomeCoordinates(ctx, await ensureProfessional(ctx, account));
  return { reply: await boardOf(ctx, account, row, query, now), professional: row };
}

async function boardOf(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  row: ProfessionalRow,
  query: ShiftBoardQuery,
  now: Date,
): Promise<ShiftBoardReply> {
  const travel = row.travelDistanceMiles;
  const radius = travel === null ? null : Math.max(travel, query.maxDistance ?? 0);
  const base: Omit<ShiftBoardReply, 'profileComplete' | 'message' | 'shifts'> = {
    status: row.status,
    canBook: row.status === 'verified',
    filters: {
      travelDistanceMiles: travel,
      maxDistanceMiles: radius,
      includeBelowMinimum: query.includeBelowMinimum,
      minimumRateCents: row.minimumRateCents,
    },
    requirementNote: null,
  };
  const gap = profileGapOf(row);
  if (gap !== null || travel === null || radius === null) {
    return {
      ...base,
      profileComplete: false,
      message: gap ?? shiftBoardMessages.incompleteProfile,
      shifts: [],
    };
  }

  // Nearest first (boardStatement): the whole radius at once when shifts below the minimum
  // rate are listed too (they break the order by distance).
  const rows = (
    await boardStatement(ctx.db, {
      professionalId: row.id,
      position: shiftPositionByRole[account.role],
      now: now.toISOString(),
      radiusMiles: radius,
      nearMiles: query.includeBelowMinimum ? 0 : radius * NEAR_FIRST_SHARE,
      includeBelowMinimum: query.includeBelowMinimum,
    })
  ).map((r) => r.row);
  const fits = rows.filter((r): r is BoardRow & { id: string } => r.id !== null);

  const shifts = fits.map((r) => boardItemOf(r, travel, row.minimumRateCents));
  return {
    ...base,
    profileComplete: true,
    message: shifts.length === 0 ? shiftBoardMessages.noMatches : null,
    shifts,
    // Which requirement keeps shifts from them (Find Shifts says so, with where to add it).
    requirementNote: requirementNoteOf(rows[0]),
  };
}

/**
 * What keeps the profile from being matched, as Find Shifts says it: no home ZIP code, travel
 * distance or availability, or a ZIP code that could not be located. Null when it can be.
 */
export function profileGapOf(row: ProfessionalRow): string | null {
  const availability = availabilitySchema.safeParse(row.availability);
  if (
    row.homeZipCode.trim() === '' ||
    row.travelDistanceMiles === null ||
    !availability.success ||
    availability.data.length === 0
  ) {
    return shiftBoardMessages.incompleteProfile;
  }
  if (row.homeLatitude === null || row.homeLongitude === null) {
    return shiftBoardMessages.unknownZipCode;
  }
  return null;
}

/** A row of boardItemsOfFit as the board's item, with the professional's own settings. */
export function boardItemOf(
  r: BoardRow & { id: string },
  travelDistanceMiles: number,
  minimumRateCents: number | null,
): ShiftBoardItemDto {
  return {
    id: r.id,
    practiceId: r.practice_id,
    practiceName: r.practice_name,
    position: r.position,
    ...shiftTimes(r),
    rateCents: Number(r.rate_cents),
    notes: r.notes,
    breakTime: Number(r.break_minutes),
    timePerPatient: r.time_per_patient_minutes === null ? null : Number(r.time_per_patient_minutes),
    location: {
      name: r.location_name,
      address: r.location_address,
      city: r.location_city,
      zipCode: r.location_zip_code,
    },
    bookingMode: r.booking_mode,
    payThrough: r.pay_through,
    offer: {
      favouritesFirstUntil:
        r.favourites_first_until === null ? null : new Date(r.favourites_first_until).toISOString(),
      instantBookLimit:
        r.instant_book_limit === null || r.instant_book_limit === 'everyone'
          ? null
          : { audience: r.instant_book_limit, minRatingTenths: r.instant_book_min_rating_tenths },
      block: r.block_dates === null ? null : { dates: r.block_dates.map(shiftTimes) },
    },
    credentialLapse:
      r.credential_lapse === null
        ? null
        : { kind: r.credential_lapse.kind, lastDay: r.credential_lapse.last_day },
    bookedAtThisTime: Boolean(r.booked_at_this_time),
    myApplication:
      r.application_id && r.application_status
        ? { id: r.application_id, status: r.application_status }
        : null,
    reasons: {
      distanceMiles: Number(r.distance_miles),
      travelDistanceMiles,
      withinTravelDistance: Boolean(r.within_travel_distance),
      rateCents: Number(r.rate_cents),
      minimumRateCents,
      meetsMinimumRate: Boolean(r.meets_minimum_rate),
      window: { day: r.window_day, startTime: r.window_start, endTime: r.window_end },
    },
  };
}
