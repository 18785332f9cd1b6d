import { sql } from 'drizzle-orm';
import type { AlmostAMatchDto, AlmostChangeDto } from '@shared/fill/almost-a-match';
import { ALMOST_A_MATCH_LIMIT } from '@shared/fill/almost-a-match-constants';
import { WIDEN_MAX_MILES } from '@shared/fill/why-not-constants';
import { hourlyRateBounds, rateBoundsPositionOf } from '@shared/hourly-rate-bounds';
import { shiftPositionByRole } from '@shared/matching/shift-board-constants';
import { MAX_TRAVEL_DISTANCE_MILES } from '@shared/professional/profile';
import { builtOnce, nowValue, runValue } from '../../db/built-once';
import type { ServiceContext } from '../context';
import { keptAnswer } from '../kept-answer-registry';
import { boardAreaTags } from '../matching/board-area';
import {
  boardRequirements,
  bookedAtShiftTime,
  lapsedRequiredCredentials,
  meetsMinimumRate,
  milesToTenth,
  professional,
  requiredKindsOfRole,
  shiftDistanceMiles,
  widenedTravelDistanceMiles,
  withinMinimumRateRing,
} from '../matching/eligibility-sql';
import {
  boardItemOf,
  boardItemsOfFit,
  candidatesWithin,
  credentialLastDays,
  profileGapOf,
  upcomingBookings,
  withHomeCoordinates,
  type BoardRow,
} from '../matching/list-shift-board';
import { ensureProfessional } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';

/** A row of the statement: a board item, and its unrounded distance for the suggestion. */
type AlmostRow = BoardRow & { id: string; fit_distance: number };

const pid = runValue('professionalId', 'uuid');

/**
 * Every rule of the board (candidatesWithin: position, availability window, open and future,
 * verified practice and no block either way, offered to them now, not a shift they are booked
 * on) but the distance and the rate, which only need to fall within their rings: the widen ring
 * (searched as the radius) and the rate ring. Besides, the shift's requirements are held
 * (boardRequirements, as the board), no required credential of their role lapses by its date
 * (the board would list it as one they cannot take), and no booking of theirs overlaps it.
 */
const almostWhere = sql`${withinMinimumRateRing}
  -- Not on the board (within the travel distance and at the minimum): most candidates are, and
  -- this cheap test leaves them out before the per-shift reads below.
  and not (${shiftDistanceMiles} <= ${professional.travelDistanceMiles} and ${meetsMinimumRate})
  and ${boardRequirements(pid, nowValue)}
  and not ${bookedAtShiftTime}
  and not exists (${lapsedRequiredCredentials(pid, requiredKindsOfRole(professional.role))})`;

/**
 * The shifts that miss exactly one of the travel distance and the minimum rate, where the one
 * setting that brings it in is a value the profile accepts (a whole travel distance up to
 * MAX_TRAVEL_DISTANCE_MILES, a minimum within the role's rate bounds); nearest first, then the
 * higher rate, then the sooner start, as the board. Built once and named, as the board is.
 */
const almostStatement = builtOnce(
  (db) =>
    db.select({ row: sql<AlmostRow>`to_json(almost_rows)` }).from(sql`(with fit as (
      select c.* from (${candidatesWithin(widenedTravelDistanceMiles, almostWhere)}) c
      where c.within_travel_distance <> c.meets_minimum_rate
        and (c.within_travel_distance
          or ceil(c.distance) <= ${sql.raw(String(MAX_TRAVEL_DISTANCE_MILES))})
        and (c.meets_minimum_rate or c.rate_cents between
          ${runValue('lowestMinimumCents', 'integer')}
          and ${runValue('highestMinimumCents', 'integer')})
      order by ${milesToTenth(sql`c.distance`)}, c.rate_cents desc, c.starts_at, c.id
      limit ${sql.raw(String(ALMOST_A_MATCH_LIMIT))}
    ), ${upcomingBookings}, ${credentialLastDays}
    select board.* from (${boardItemsOfFit}) board
    order by ${milesToTenth(sql`board.fit_distance`)}, board.fit_rate_cents desc,
      board.fit_starts_at, board.id) as almost_rows`),
  'almost_a_match',
);

/** The one setting that brings the shift into the board. */
function changeOf(row: AlmostRow): AlmostChangeDto {
  return row.within_travel_distance
    ? { kind: 'minimumRate', minimumRateCents: Number(row.rate_cents) }
    : { kind: 'distance', travelDistanceMiles: Math.ceil(Number(row.fit_distance)) };
}

/**
 * "Almost a match" on Find Shifts: the open shifts just outside the professional's travel
 * distance (within the widen ring) or minimum rate (within the rate ring), exactly one of the
 * two, every other rule of the board met; at most ALMOST_A_MATCH_LIMIT, each with the travel
 * distance (the distance rounded up to a whole mile) or the minimum rate (the shift's rate)
 * that would list it on the board. None while the profile cannot be matched (the board says why).
 */
export async function listAlmostAMatch(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<AlmostAMatchDto> {
  return (await matchAlmost(ctx, account, now)).reply;
}

async function matchAlmost(ctx: ServiceContext, account: ProfessionalAccount, now: Date) {
  const row = await withHomeCoordinates(ctx, await ensureProfessional(ctx, account));
  const travel = row.travelDistanceMiles;
  if (profileGapOf(row) !== null || travel === null) return { reply: { shifts: [] }, row };
  const bounds = hourlyRateBounds[rateBoundsPositionOf(account.role)];
  const rows = (
    await almostStatement(ctx.db, {
      professionalId: row.id,
      position: shiftPositionByRole[account.role],
      now: now.toISOString(),
      lowestMinimumCents: bounds.minCents,
      highestMinimumCents: bounds.maxCents,
    })
  ).map((r) => r.row);
  const shifts = rows.map((r) => ({
    ...boardItemOf(r, travel, row.minimumRateCents),
    almost: changeOf(r),
  }));
  return { reply: { shifts }, row };
}

/**
 * GET /api/professional/shift-board/almost as sent: kept as the board is (the same tags: the
 * shifts of the position in the cells the widest ring reaches, the professional's record and
 * their user), so a profile save, a new or changed shift near them, a booking or an
 * application forgets it; it expires when its first shift starts.
 */
export async function almostAMatchJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<string> {
  return keptAnswer(ctx.db, 'almost-a-match', [account.id], async () => {
    const { reply, row } = await matchAlmost(ctx, account, ctx.clock.now());
    const { homeLatitude, homeLongitude, travelDistanceMiles } = row;
    return {
      body: JSON.stringify(reply),
      tags: [
        // The widen ring never reaches beyond WIDEN_MAX_MILES past the travel distance.
        ...(homeLatitude === null || homeLongitude === null || travelDistanceMiles === null
          ? []
          : boardAreaTags(
              shiftPositionByRole[account.role],
              homeLatitude,
              homeLongitude,
              travelDistanceMiles + WIDEN_MAX_MILES,
            )),
        `professional:${row.id}`,
        `user:${account.id}`,
      ],
      expiresAt: Math.min(...reply.shifts.map((shift) => Date.parse(shift.startTime))),
    };
  });
}
