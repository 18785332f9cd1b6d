import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PracticeDashboardDto } from '@shared/practice/dashboard';
import { bookings, ratings, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * The dashboard figures, defined here and nowhere else:
 * - activeRequests: this practice's shifts with status 'open';
 * - upcomingShifts: shifts starting after `now` that are not cancelled;
 * - professionalsWorkedWith: distinct professionals with a confirmed or completed booking on
 *   this practice's shifts;
 * - averageResponseMinutes: median minutes from posting a shift to its first response (the
 *   first application or booking), over the shifts that had one; null when none had;
 * - averageRating: mean of the stars professionals gave the practice, one decimal; null when
 *   there is none.
 */
export async function getPracticeDashboard(
  ctx: ServiceContext,
  practiceId: string,
  now: Date = new Date(),
): Promise<PracticeDashboardDto> {
  const isOpen = sql`${shifts.status} = 'open'`;
  const isUpcoming = sql`${shifts.startsAt} > ${now.toISOString()}::timestamptz and ${shifts.status} <> 'cancelled'`;
  const responseMinutes = sql`extract(epoch from ${shifts.firstResponseAt} - ${shifts.createdAt}) / 60`;
  const [[counts], [response], [worked], [rating]] = await Promise.all([
    ctx.db
      .select({
        activeRequests: sql<number>`count(*) filter (where ${isOpen})`.mapWith(Number),
        upcomingShifts: sql<number>`count(*) filter (where ${isUpcoming})`.mapWith(Number),
      })
      .from(shifts)
      .where(eq(shifts.practiceId, practiceId)),
    ctx.db
      .select({
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${responseMinutes})`,
      })
      .from(shifts)
      .where(and(eq(shifts.practiceId, practiceId), isNotNull(shifts.firstResponseAt))),
    ctx.db
      .select({
        professionals: sql<number>`count(distinct ${bookings.professionalId})`.mapWith(Number),
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.practiceId, practiceId),
          inArray(bookings.status, ['confirmed', 'completed']),
        ),
      ),
    ctx.db
      .select({ average: sql<number | null>`round(avg(${ratings.stars})::numeric, 1)` })
      .from(ratings)
      .where(and(eq(ratings.practiceId, practiceId), eq(ratings.raterSide, 'professional'))),
  ]);

  const median = response?.median;
  const average = rating?.average;
  return {
    activeRequests: counts?.activeRequests ?? 0,
    upcomingShifts: counts?.upcomingShifts ?? 0,
    professionalsWorkedWith: worked?.professionals ?? 0,
    averageResponseMinutes:
      median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
    averageRating: average === null || average === undefined ? null : Number(average),
  };
}
