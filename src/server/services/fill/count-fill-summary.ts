import { sql } from 'drizzle-orm';
import {
  FILL_WINDOW_DAYS,
  LATE_POSTING_HOURS,
  UNFILLED_SHIFTS_SHOWN,
  type UnfilledReason,
} from '@shared/fill/fill-summary';
import type { FillSummaryDto } from '@shared/fill/fill-summary-reply';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { queryRows, type Database } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/*
 * How a practice's shifts filled, defined here and nowhere else (the dashboard shows it):
 * - the window: shifts that started in the last FILL_WINDOW_DAYS days (market clock);
 * - ended: those, less the ones the practice cancelled (a shift whose booked professional did
 *   not come stays in: it was booked when it started);
 * - filled: the ended ones someone was booked on when they started;
 * - time to fill: from posting to the shift's first booking (a booking cancelled later and taken
 *   again counts from the first), median over the filled ones;
 * - unfilled: the ended ones nobody was booked on, latest first, each with its main reason
 *   (@shared/fill/fill-summary's order).
 */

/** The window's shifts (the CTE every figure below reads). */
function windowShifts(practiceId: string, now: Date) {
  const from = new Date(now.getTime() - FILL_WINDOW_DAYS * DAY_MS);
  return sql`window_shifts as (
    select s.id, s.position, s.starts_at, s.ends_at, s.created_at,
      s.status in ('filled', 'completed') or no_show.shift_id is not null as filled
    from shifts s
    left join lateral (
      select b.shift_id from bookings b
      where b.practice_id = ${practiceId} and b.shift_id = s.id and b.status = 'no_show'
      limit 1
    ) no_show on true
    where s.practice_id = ${practiceId}
      and s.starts_at > ${from.toISOString()}::timestamptz
      and s.starts_at <= ${now.toISOString()}::timestamptz
      and (s.status <> 'cancelled' or no_show.shift_id is not null)
  )`;
}

interface Figures {
  ended: number;
  filled: number;
  median_minutes: number | string | null;
  oldest_start: Date | string | null;
  unfilled: UnfilledRow[];
}

interface UnfilledRow {
  id: string;
  position: ShiftPosition;
  starts_at: Date | string;
  ends_at: Date | string;
  main_reason: UnfilledReason;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The practice's fill figures as of `now`, and when they change by themselves (the window's
 * oldest shift leaves it); shifts starting later, bookings and cancellations are announced
 * changes of the practice (the caller's kept answer).
 */
export async function countFillSummary(
  db: Database,
  practiceId: string,
  now: Date,
): Promise<{ summary: FillSummaryDto; changesAt: number }> {
  // One statement: every figure reads the same window.
  const [figures] = await queryRows<Figures>(
    db,
    sql`with ${windowShifts(practiceId, now)},
    first_fills as (
      select b.shift_id, min(b.created_at) as first_filled_at
      from bookings b
      where b.practice_id = ${practiceId} and b.shift_id in (select id from window_shifts)
      group by b.shift_id
    ),
    unfilled as (
      select w.id, w.position, w.starts_at, w.ends_at,
        case
          when exists (select 1 from shift_applications a
              where a.shift_id = w.id and a.status in ('pending', 'expired'))
            then 'applicants_waiting'
          when (select r.reach from shift_reach r where r.shift_id = w.id) = 0
            then 'reached_nobody'
          when exists (select 1 from bookings b
              where b.practice_id = ${practiceId} and b.shift_id = w.id
                and b.status = 'cancelled' and b.cancelled_by = 'professional')
            then 'professional_cancelled'
          when w.starts_at - w.created_at < make_interval(hours => ${LATE_POSTING_HOURS})
            then 'posted_late'
          else 'nobody_took_it'
        end as main_reason
      from window_shifts w
      where not w.filled
      order by w.starts_at desc, w.id
      limit ${UNFILLED_SHIFTS_SHOWN}
    )
    select
      (select count(*) from window_shifts)::int as ended,
      (select count(*) from window_shifts where filled)::int as filled,
      (select percentile_cont(0.5) within group (
          order by extract(epoch from f.first_filled_at - w.created_at) / 60)
        from window_shifts w join first_fills f on f.shift_id = w.id
        where w.filled) as median_minutes,
      (select min(starts_at) from window_shifts) as oldest_start,
      (select coalesce(json_agg(u order by u.starts_at desc, u.id), '[]'::json)
        from unfilled u) as unfilled`,
  );
  const unfilled = figures?.unfilled ?? [];
  const ended = figures?.ended ?? 0;
  const filled = figures?.filled ?? 0;
  const median = figures?.median_minutes;
  const oldest = figures?.oldest_start;
  return {
    summary: {
      windowDays: FILL_WINDOW_DAYS,
      ended,
      filled,
      fillRate: ended === 0 ? null : filled / ended,
      medianMinutesToFill:
        median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
      unfilledShifts: unfilled.map((row) => ({
        id: row.id,
        position: row.position,
        startTime: iso(row.starts_at),
        endTime: iso(row.ends_at),
        mainReason: row.main_reason,
      })),
    },
    changesAt: oldest ? new Date(oldest).getTime() + FILL_WINDOW_DAYS * DAY_MS : Infinity,
  };
}
