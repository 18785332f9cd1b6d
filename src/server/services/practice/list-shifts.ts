import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { startOfPracticeMonth } from '@shared/practice/shift-dates';
import type { ShiftDto } from '@shared/practice/shifts';
import { practices, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { countShiftReach } from '../matching/count-shift-reach';
import { toShiftDto } from './practice-dtos';

export interface ShiftRange {
  from: Date;
  to: Date;
}

/**
 * A practice's shifts ordered by start time (earliest first). With a range: the shifts starting
 * in [from, to) (the schedule calendar's visible range). Without: the shifts starting in the
 * current month (practice time) and later, as the requests list shows them. Each open future
 * shift carries `reach`: the verified professionals it fits now (one query for all of them).
 */
export async function listShifts(
  ctx: ServiceContext,
  practiceId: string,
  range?: ShiftRange,
  now: Date = new Date(),
): Promise<ShiftDto[]> {
  const window: SQL[] = range
    ? [gte(shifts.startsAt, range.from), lt(shifts.startsAt, range.to)]
    : [gte(shifts.startsAt, startOfPracticeMonth(now))];
  const [rows, reach] = await Promise.all([
    ctx.db
      .select({ shift: shifts, practiceName: practices.practiceName })
      .from(shifts)
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(and(eq(shifts.practiceId, practiceId), ...window))
      .orderBy(asc(shifts.startsAt), asc(shifts.createdAt), asc(shifts.id)),
    countShiftReach(ctx, practiceId, now),
  ]);
  return rows.map((row) => {
    const dto = toShiftDto(row.shift, row.practiceName);
    const count = reach.get(row.shift.id);
    return count === undefined ? dto : { ...dto, reach: count };
  });
}
