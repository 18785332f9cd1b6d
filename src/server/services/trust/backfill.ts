import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { practices, shiftBackfills, shifts } from '../../db/schema';
import { queryRows, type Database } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import { inPacedBatches } from '../../jobs/paced-batches';
import { hasAlertSlotLeft } from '../../notifications/alert-slots';
import { notifyTrust } from '../../notifications/trust-messages';
import type { Tx } from '../marketplace/db-transaction';
import { toShiftSummary } from '../marketplace/shift-summary';
import {
  fittingWindows,
  meetsMinimumRate,
  practiceOpenTo,
  professional,
  shift,
  shiftDistanceMiles,
  shiftProfessionalRole,
  withinBoundingBox,
} from '../matching/eligibility-sql';

/** How many professionals one backfill tells at most (the best matches). */
export const BACKFILL_TOLD_LIMIT = 25;
/** How many waiting backfills one run takes at most (one transaction each); the rest, the next. */
const BACKFILLS_PER_RUN = 50;
/**
 * A run takes no further backfill once this long has passed, resting between backfills as long
 * as each took (inPacedBatches; each is about a second at xl, 150,000 professionals): the rest
 * wait, oldest first, for the next run (every minute).
 */
const BACKFILL_RUN_BUDGET_MS = 20_000;

/**
 * Queues the telling of a shift's best matches, inside the statement that opened it to them (a
 * cancelled booking: reopen-shift.ts; a favourites-first time that is over: below), for the
 * rows `rows` selects (shift id, the cancelled booking, its accepted application, when): the job
 * tells them after the commit, within a minute.
 */
export function backfillInsert(rows: SQL): SQL {
  return sql`insert into ${shiftBackfills}
      (shift_id, cancelled_booking_id, cancelled_application_id, created_at) ${rows}`;
}

interface Match {
  professional_id: string;
  user_id: string;
}

/**
 * The best matches of an open shift, best first: the practice's favourites of the position,
 * then the professionals who applied for it before, then everyone else it fits by the Find
 * Shifts rules (eligibility-sql.ts), nearest first. Left out: the professional whose booking was
 * cancelled, anyone the reopening itself already told (applicants freed by it), anyone told of
 * this shift before (match_notices), anyone not verified, of another position, or blocked
 * either way, and anyone whose shift alerts for the New Jersey day of `now` are all sent (their
 * daily cap, alert-slots.ts: not recorded as told, they may be told of it by a later backfill). Favourites and earlier applicants are told even when the shift lies outside their
 * usual distance or hours: the practice wants them back, or they wanted this shift.
 *
 * The candidates are gathered and ranked first (a materialized CTE) and then looked up by id:
 * left to join them as it chose, the planner compared every verified professional of the role
 * with every candidate (18 s for one backfill at xl; 0.8 s now).
 */
async function bestMatches(
  db: Database,
  backfill: typeof shiftBackfills.$inferSelect,
  now: Date,
): Promise<Match[]> {
  const shiftId = sql`${backfill.shiftId}::uuid`;
  return queryRows<Match>(
    db,
    sql`with excluded as (
        select b.professional_id from bookings b where b.id = ${backfill.cancelledBookingId}::uuid
        union all
        select a.professional_id from shift_applications a
        where a.shift_id = ${shiftId} and a.status = 'withdrawn'
          and a.updated_at >= ${backfill.createdAt.toISOString()}::timestamptz
        union all
        select mn.professional_id from match_notices mn where mn.shift_id = ${shiftId}
      ), ranked as (
        select f.professional_id, 0 as rank, 0::float8 as distance
        from shifts s join favourites f on f.practice_id = s.practice_id
        where s.id = ${shiftId}
        union all
        select a.professional_id, 1, 0 from shift_applications a where a.shift_id = ${shiftId}
        union all
        select p.id, 2, ${shiftDistanceMiles}
        from shifts s
        join professionals p
          on p.role = ${shiftProfessionalRole}
          and p.home_latitude is not null and p.home_longitude is not null
          and p.travel_distance_miles is not null
          and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, sql`p.travel_distance_miles`)}
          and ${shiftDistanceMiles} <= p.travel_distance_miles
          and ${meetsMinimumRate}
          and exists (select 1 from ${fittingWindows})
        where s.id = ${shiftId}
      ), best as materialized (
        select professional_id, min(rank) as rank, min(distance) as distance
        from ranked
        where professional_id not in (select professional_id from excluded
          where professional_id is not null)
        group by professional_id
      )
      select p.id as professional_id, p.user_id
      from best
      join professionals p on p.id = best.professional_id
      join shifts s on s.id = ${shiftId}
      where p.status = 'verified'
        and p.role = ${shiftProfessionalRole}
        and ${practiceOpenTo(shift.practiceId, professional.id)}
        and ${hasAlertSlotLeft(sql`p.id`, sql`p.daily_alert_cap`, now)}
      order by best.rank, best.distance, p.id
      limit ${BACKFILL_TOLD_LIMIT}`,
  );
}

/**
 * The backfill job: opens the shifts whose favourites-first time is over to everyone (queueing
 * their backfill), then tells the best matches of every waiting backfill whose shift is still
 * open and has not started, and records them in match_notices so the digest does not tell them
 * of it again: as told at '-infinity', since the digest reads a professional's latest notice as
 * when it last wrote to them, and a backfill notice must not move that (nor hold a digest back).
 * Each backfill is its own transaction, taken with its row locked (skip locked), so two instances
 * never tell the same people; the notices are keyed by the backfill, so a retried run tells
 * nobody twice. The run rests between backfills as long as each took (inPacedBatches).
 */
export async function runBackfills(
  db: Database,
  now: Date,
): Promise<{ releasedShifts: number; backfills: number; told: number }> {
  const releasedShifts = await releaseFavouritesFirst(db, now);
  let backfills = 0;
  let told = 0;
  await inPacedBatches(BACKFILL_RUN_BUDGET_MS, async () => {
    const toldNow = await db.transaction(async (tx) => {
      const [backfill] = await tx
        .select()
        .from(shiftBackfills)
        .where(isNull(shiftBackfills.toldAt))
        .orderBy(shiftBackfills.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      return backfill ? tellBestMatches(tx, backfill, now) : null;
    });
    if (toldNow === null) return false;
    backfills += 1;
    told += toldNow;
    return backfills < BACKFILLS_PER_RUN;
  });
  return { releasedShifts, backfills, told };
}

/**
 * Tells a waiting backfill's best matches, if its shift is still open, not started and no longer
 * offered to favourites first, records them as told (match_notices) and marks the backfill done;
 * answers how many were told.
 */
async function tellBestMatches(
  tx: Tx,
  backfill: typeof shiftBackfills.$inferSelect,
  now: Date,
): Promise<number> {
  const [open] = await tx
    .select({ shift: shifts, practiceName: practices.practiceName })
    .from(shifts)
    .innerJoin(practices, eq(practices.id, shifts.practiceId))
    .where(
      and(eq(shifts.id, backfill.shiftId), eq(shifts.status, 'open'), gt(shifts.startsAt, now)),
    );
  const matches =
    open && !(open.shift.favouritesFirstUntil && open.shift.favouritesFirstUntil > now)
      ? await bestMatches(tx, backfill, now)
      : [];
  if (open && matches.length > 0) {
    await notifyTrust(tx, {
      kind: 'backfill',
      // No cancelled booking: its favourites-first time is over (releaseFavouritesFirst), and
      // the shift was never open to most of them: told as a new shift, not "open again".
      opened: backfill.cancelledBookingId === null ? 'released' : 'reopened',
      professionalUserIds: matches.map((match) => match.user_id),
      shift: toShiftSummary(open.shift, open.practiceName, now),
      dedupeKey: `backfill:${backfill.id}`,
    });
    await tx.execute(sql`insert into match_notices (professional_id, shift_id, noticed_at)
      select unnest(${sqlArray(
        matches.map((m) => m.professional_id),
        'uuid',
      )}),
        ${backfill.shiftId}::uuid, '-infinity'::timestamptz
      on conflict do nothing`);
  }
  await tx
    .update(shiftBackfills)
    .set({ toldAt: now, toldCount: matches.length })
    .where(eq(shiftBackfills.id, backfill.id));
  return matches.length;
}

/**
 * Opens the shifts whose favourites-first time is over to everyone, at most 1,000 a run: clears
 * the time (the shifts trigger announces their position, so every kept board of it is computed
 * again) and queues a backfill for each, so their best matches are told now (the digest skips
 * favourites-first shifts). Boards list them from the moment the time is over already: the
 * board compares the time itself.
 */
async function releaseFavouritesFirst(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // One statement: each released shift's backfill is queued with its release.
  const [row] = await queryRows<{ released: number }>(
    db,
    sql`with released as (
        update shifts set favourites_first_until = null, updated_at = ${at}
        where id in (select id from shifts
          where favourites_first_until <= ${at}
          order by favourites_first_until limit 1000 for update skip locked)
        returning id
      ), queued as (${backfillInsert(sql`select id, null::uuid, null::uuid, ${at} from released`)})
      select count(*)::int as released from released`,
  );
  return Number(row?.released ?? 0);
}
