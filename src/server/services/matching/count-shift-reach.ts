import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../context';
import {
  fittingWindows,
  isOpenFutureShift,
  meetsMinimumRate,
  professional,
  shift,
  shiftDistanceMiles,
  withinBoundingBox,
} from './eligibility-sql';

/**
 * How many verified professionals each of a practice's open future shifts reaches now: those of
 * the shift's position whose travel distance, minimum rate and weekly availability it fits (the
 * rules of the Find Shifts board, eligibility-sql.ts, without its widening filters). One query
 * for all the practice's open future shifts; a shift that reaches nobody is 0, and shifts that
 * are not open or have started are absent (reach means nothing for them).
 */
export async function countShiftReach(
  ctx: ServiceContext,
  practiceId: string,
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; reach: number }>(
    ctx.db,
    sql`select s.id, count(p.id)::int as reach
      from shifts s
      left join professionals p
        on p.status = 'verified'
        and p.role = (case s.position
          when 'Hygienist' then 'hygienist'
          when 'Dental Assistant' then 'assistant'
          when 'Front Desk' then 'front-desk' end)
        and p.home_latitude is not null and p.home_longitude is not null
        and p.travel_distance_miles is not null
        and s.latitude is not null and s.longitude is not null
        and ${meetsMinimumRate}
        and ${withinBoundingBox(professional.latitude, professional.longitude, shift.latitude, shift.longitude, sql`p.travel_distance_miles`)}
        and ${shiftDistanceMiles} <= p.travel_distance_miles
        and exists (select 1 from ${fittingWindows})
      where s.practice_id = ${practiceId} and ${isOpenFutureShift(now)}
      group by s.id`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.reach)]));
}
