import { sql } from 'drizzle-orm';
import { isCredentialRequirement, requirementLabel } from '@shared/trust/requirements';
import type { ShiftPosition } from '@shared/practice/shifts';
import { queryRows, type Database } from '../../db/client';
import { boardOffered } from '../trust/offer-rules';
import {
  availabilityWindows,
  boardRequirements,
  closedPracticesFor,
  fitsWindow,
  heldRequirements,
  isOpenFutureShift,
  meetsMinimumRate,
  professional,
  shift,
  shiftDistanceMiles,
  withinBoundingBox,
} from './eligibility-sql';

export interface RequirementNote {
  /** Open future shifts that fit them by every other rule of Find Shifts. */
  shifts: number;
  /** The requirement most of them ask for that the professional does not hold. */
  requirement: string;
  label: string;
  /** A credential (add it in Credentials) rather than a profile skill (tick it in the profile). */
  credential: boolean;
}

/**
 * Which requirement keeps shifts from this professional (decision record 022): the open future
 * shifts that fit them by the board's other rules (position, availability window, travel
 * distance, minimum rate, a practice open to them, offered to them now) but ask for something
 * they do not hold on the shift's date (eligibility-sql.ts, boardRequirements), counted, with
 * the requirement most of them name. Null when there are none. The same index scan as the board.
 */
export async function requirementNote(
  db: Database,
  professionalId: string,
  position: ShiftPosition,
  now: Date,
): Promise<RequirementNote | null> {
  const today = sql`((${now.toISOString()}::timestamptz at time zone 'America/New_York')::date)`;
  const pid = sql`${professionalId}::uuid`;
  const [row] = await queryRows<{ shifts: number; requirement: string | null }>(
    db,
    sql`with hidden as (
        select distinct s.id, s.requirements
        from professionals p
        cross join lateral (select wm.day, wm.start_minute, wm.end_minute
          from ${availabilityWindows}) win
        cross join lateral (
          select s.id, s.latitude, s.longitude, s.rate_cents, s.requirements
          from shifts s
          where s.position = ${position}
            and ${fitsWindow(sql`win.day`, sql`win.start_minute`, sql`win.end_minute`)}
            and ${isOpenFutureShift(now)}
            and cardinality(s.requirements) > 0
            and s.latitude is not null and s.longitude is not null
            and ${shift.practiceId} <> all(${closedPracticesFor(professionalId)})
            and ${boardOffered(professionalId, now)}
            and not ${boardRequirements(professionalId, now)}
            and ${withinBoundingBox(shift.latitude, shift.longitude, professional.latitude, professional.longitude, sql`p.travel_distance_miles::double precision`)}
          offset 0
        ) s
        where p.id = ${pid}
          and p.home_latitude is not null and p.travel_distance_miles is not null
          and ${shiftDistanceMiles} <= p.travel_distance_miles
          and ${meetsMinimumRate}
      )
      select (select count(*) from hidden)::int as shifts,
        (select r.key from hidden h cross join lateral unnest(h.requirements) as r(key)
          where r.key <> all(${heldRequirements(pid, today)})
          group by r.key order by count(*) desc, r.key limit 1) as requirement`,
  );
  if (!row || Number(row.shifts) === 0 || !row.requirement) return null;
  return {
    shifts: Number(row.shifts),
    requirement: row.requirement,
    label: requirementLabel(row.requirement),
    credential: isCredentialRequirement(row.requirement),
  };
}
