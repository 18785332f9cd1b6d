import { sql } from 'drizzle-orm';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { queryRows, type Database } from '../../db/client';
import { shiftLocalTimeExpressions } from '../../db/schema';
import {
  kindsArray,
  meetsMinimumRate,
  professional,
  ruleFlag,
  shift,
  shiftProfessionalRole,
  withinBoundingBox,
} from '../matching/eligibility-sql';

/** A shift as it would be posted: what its reach depends on. */
export interface PlannedShift {
  practiceId: string;
  position: ShiftPosition;
  /** The location's ZIP centroid (unknown: it reaches nobody, as a posted one would). */
  latitude: number | null;
  longitude: number | null;
  startsAt: Date;
  endsAt: Date;
  requirements: readonly string[];
}

/**
 * How many verified professionals a shift not posted yet would reach at each of `rates` (cents),
 * in one statement: the shift is one row `s` with the stored shift's columns (its New Jersey day
 * and minutes by the generated columns' own expressions, schema/shifts.ts), and a professional is
 * counted by the reach's rules (eligibility-sql.ts, ruleFlag): within their travel distance,
 * available then, holding its requirements with no required credential lapsed by its date, the
 * practice verified and no block either way, and its rate at least their minimum. So the count at
 * a rate is the reach the shift-reach job stores once the shift is posted at that rate
 * (refreshShiftReach; test/api/shift-preview.test.ts holds the two together).
 */
export async function countPlannedReach(
  db: Database,
  planned: PlannedShift,
  rates: readonly number[],
): Promise<Map<number, number>> {
  if (rates.length === 0) return new Map();
  const { localDay, localStartMinute, localEndMinute } = shiftLocalTimeExpressions;
  const rows = await queryRows<{ rate_cents: number; reach: number }>(
    db,
    sql`with planned as (
        select ${planned.practiceId}::uuid as practice_id, ${planned.position}::text as position,
          ${planned.latitude}::float8 as latitude, ${planned.longitude}::float8 as longitude,
          ${planned.startsAt.toISOString()}::timestamptz as starts_at,
          ${planned.endsAt.toISOString()}::timestamptz as ends_at,
          ${kindsArray(planned.requirements)} as requirements
      ), s as (
        select planned.*, ${localDay} as local_day, ${localStartMinute} as local_start_minute,
          ${localEndMinute} as local_end_minute
        from planned
      ), reached as materialized (
        select p.minimum_rate_cents
        from s
        join professionals p
          on p.status = 'verified'
          and p.role = ${shiftProfessionalRole}
          and p.home_latitude is not null and p.home_longitude is not null
          and p.travel_distance_miles is not null
          and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, professional.travelDistanceMiles)}
        where not (${ruleFlag.far})
          and not (${ruleFlag.unavailable})
          and not (${ruleFlag.missingCredentials})
          and not (${ruleFlag.blocked})
      )
      select s.rate_cents, count(p.counted)::int as reach
      from unnest(array[${sql.join(
        rates.map((rate) => sql`${rate}::int`),
        sql`, `,
      )}]) as s(rate_cents)
      left join (select r.minimum_rate_cents, true as counted from reached r) p
        on ${meetsMinimumRate}
      group by s.rate_cents`,
  );
  return new Map(rows.map((row) => [Number(row.rate_cents), Number(row.reach)]));
}
