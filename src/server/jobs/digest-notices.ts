import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';
import {
  availabilityWindows,
  credentialsAllow,
  fitsWindow,
  isOpenFutureShift,
  meetsMinimumRate,
  practiceOpenTo,
  professional,
  professionalShiftPosition,
  shift,
  shiftDistanceMiles,
  withinBoundingBox,
} from '../services/matching/eligibility-sql';
import { hasAlertSlotLeft } from '../notifications/alert-slots';
import { shiftSummaryColumns, type ShiftSummaryRow } from './shift-row';

/** One shift recorded as told to one professional, with what the digest shows of it. */
export interface NoticedRow extends ShiftSummaryRow {
  professional_id: string;
  user_id: string;
}

export interface DigestRules {
  /** A professional told less than this long ago is not told again yet. */
  minGapMinutes: number;
  /** Only shifts posted in this many hours before `now` are new. */
  lookbackHours: number;
  /** At most this many professionals are told in one run; the others are told by the next runs. */
  professionalsPerRun: number;
  /** A run tells them this many at a time, each batch its own transaction. */
  professionalsPerBatch: number;
}

/**
 * The shifts new to professional `p` (a row of `sendable` below: the professional's matching
 * columns plus `since`, when they were last told or the start of the lookback, whichever is
 * later): open, starting after `now`, posted after `since` and not after `now`, fitting by the
 * Find Shifts rules (eligibility-sql.ts: position, distance within the travel distance, minimum
 * rate, availability window; a verified practice neither side blocked; the shift's requirements
 * held and no required credential lapsed by its date) and not told to them
 * before.
 *
 * Read from shifts_open_posted_idx (position, New Jersey weekday, created_at, then latitude,
 * longitude, wall-clock minutes, start, rate and id): one range scan per availability window over
 * the shifts of that position and weekday posted since `since`, every other check in the index,
 * so a run reads only the few recent postings whatever the number of older open shifts.
 */
function newFitsFor(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const travel = sql`${professional.travelDistanceMiles}::double precision`;
  return sql`select distinct s.id as shift_id
    from ${availabilityWindows}
    cross join lateral (
      select s.id, s.practice_id, s.latitude, s.longitude, s.rate_cents, s.requirements, s.starts_at
      from shifts s
      where s.position = ${professionalShiftPosition}
        and ${fitsWindow(sql`wm.day`, sql`wm.start_minute`, sql`wm.end_minute`)}
        and s.created_at > p.since and s.created_at <= ${at}
        and ${isOpenFutureShift(now)}
        -- Offered to favourites first: they were told; everyone else when the backfill job
        -- opens it to them (services/trust/backfill.ts).
        and s.favourites_first_until is null
        and s.latitude is not null and s.longitude is not null
        and ${withinBoundingBox(shift.latitude, shift.longitude, professional.latitude, professional.longitude, travel)}
      -- A fence: keeps this a scan per window (the weekday an index key), as on Find Shifts.
      offset 0
    ) s
    where ${shiftDistanceMiles} <= ${travel}
      and ${meetsMinimumRate}
      and ${practiceOpenTo(shift.practiceId, professional.id)}
      and ${credentialsAllow(professional.id, professional.role)}
      and not exists (
        select 1 from match_notices mn where mn.professional_id = p.id and mn.shift_id = s.id)`;
}

/**
 * Records in match_notices, as told at `now`, the new fitting shifts of at most
 * `professionalsPerRun` professionals (the job passes one batch's size), and returns them with
 * what the digest shows.
 *
 * Who: verified professionals with a home and a travel distance, not told in the last
 * `minGapMinutes`, with a shift alert left today (their daily cap not reached, alert-slots.ts:
 * the shifts stay new to the others, who are told on a later day); those waiting longest first (never told, then the earliest told), so a run
 * over the cap leaves the most recently told for the next run. The professionals are taken in
 * that order and kept while they have at least one new fit, until the cap: the sort is over the
 * professionals alone (one index probe each for when they were last told), and the shift reads
 * stop once the cap is reached.
 */
export async function recordDigestNotices(
  tx: Database,
  now: Date,
  rules: DigestRules,
): Promise<NoticedRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const fits = newFitsFor(now);
  // (No JIT compilation: the planner cannot know how few rows the CTEs give, and compiling took
  // seconds; off for every connection, db/client.ts.)
  return queryRows<NoticedRow>(
    tx,
    sql`with sendable as materialized (
          select p.id, p.user_id, p.role, p.home_latitude, p.home_longitude,
            p.travel_distance_miles, p.minimum_rate_cents, p.availability, lt.told_at,
            greatest(coalesce(lt.told_at, '-infinity'::timestamptz),
              ${at} - make_interval(hours => ${rules.lookbackHours})) as since
          from professionals p
          left join lateral (
            select mn.noticed_at as told_at from match_notices mn
            where mn.professional_id = p.id
            order by mn.noticed_at desc limit 1
          ) lt on true
          where p.status = 'verified'
            and p.home_latitude is not null and p.home_longitude is not null
            and p.travel_distance_miles is not null
            and (lt.told_at is null
              or lt.told_at <= ${at} - make_interval(mins => ${rules.minGapMinutes}))
            and ${hasAlertSlotLeft(sql`p.id`, sql`p.daily_alert_cap`, now)}
          order by lt.told_at nulls first, p.id
        ), chosen as materialized (
          -- Read in the order above (a materialized CTE is scanned as it was produced); the
          -- limit stops the reads of shifts at the cap.
          select p.* from sendable p
          where exists (${fits})
          limit ${rules.professionalsPerRun}
        ), recorded as (
          insert into match_notices (professional_id, shift_id, noticed_at)
          select p.id, f.shift_id, ${at}
          from chosen p
          cross join lateral (${fits}) f
          on conflict do nothing
          returning professional_id, shift_id
        )
        select r.professional_id, p.user_id, ${shiftSummaryColumns}
        from recorded r
        join professionals p on p.id = r.professional_id
        join shifts s on s.id = r.shift_id
        join practices pr on pr.id = s.practice_id
        order by r.professional_id, s.starts_at`,
  );
}
