import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import { practices, timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';

/**
 * The professional's first other timesheet (submitted, disputed or approved: each claims its
 * hours; one decided as a no-show claims none) whose hours overlap these, with its practice's name; null
 * when none does. Hours touching end to start do not overlap. Read under the professional's
 * schedule lock (lockProfessionalSchedule), so two timesheets at once cannot both pass.
 */
export async function overlappingTimesheet(
  tx: Pick<Tx, 'select'>,
  professionalId: string,
  bookingId: string,
  hours: { startedAt: Date; endedAt: Date },
): Promise<{ startedAt: Date; endedAt: Date; practiceName: string } | null> {
  const [other] = await tx
    .select({
      startedAt: timesheets.startedAt,
      endedAt: timesheets.endedAt,
      practiceName: practices.practiceName,
    })
    .from(timesheets)
    .innerJoin(practices, eq(practices.id, timesheets.practiceId))
    .where(
      and(
        eq(timesheets.professionalId, professionalId),
        ne(timesheets.bookingId, bookingId),
        ne(timesheets.status, 'no_show'),
        lt(timesheets.startedAt, hours.endedAt),
        gt(timesheets.endedAt, hours.startedAt),
      ),
    )
    .orderBy(asc(timesheets.startedAt))
    .limit(1);
  return other ?? null;
}
