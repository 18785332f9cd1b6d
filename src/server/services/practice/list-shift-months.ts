import { sql } from 'drizzle-orm';
import { startOfPracticeMonth } from '@shared/practice/shift-dates';
import { shiftPositions, type ShiftPosition } from '@shared/practice/shift-constants';
import type { ShiftMonthCounts, ShiftMonthsDto } from '@shared/practice/practice-replies';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../context';

function emptyCounts(): ShiftMonthCounts {
  return { all: 0, Hygienist: 0, 'Dental Assistant': 0, 'Front Desk': 0 };
}

/**
 * The months of the practice's calendar (America/New_York) from the current one on that have
 * shifts, latest first, with how many shifts each has in all and per position: the headings of
 * the Staffing Requests list. With a position, only the months that have shifts of it. One
 * grouped query on the (practice, start) index.
 */
export async function listShiftMonths(
  ctx: ServiceContext,
  practiceId: string,
  position?: ShiftPosition,
  now: Date = ctx.clock.now(),
): Promise<ShiftMonthsDto> {
  const rows = await queryRows<{ month: string; position: ShiftPosition; shifts: number }>(
    ctx.db,
    sql`select to_char(starts_at at time zone ${PRACTICE_TIME_ZONE}, 'YYYY-MM') as month, position,
        count(*)::int as shifts
      from shifts
      where practice_id = ${practiceId}
        and starts_at >= ${startOfPracticeMonth(now).toISOString()}::timestamptz
      group by 1, 2
      order by 1 desc`,
  );
  const months: ShiftMonthsDto['months'] = [];
  for (const row of rows) {
    let last = months.at(-1);
    if (last?.month !== row.month) {
      last = { month: row.month, counts: emptyCounts() };
      months.push(last);
    }
    if ((shiftPositions as readonly string[]).includes(row.position)) {
      last.counts[row.position] += Number(row.shifts);
      last.counts.all += Number(row.shifts);
    }
  }
  return { months: position ? months.filter((m) => m.counts[position] > 0) : months };
}
