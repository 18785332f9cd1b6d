import { eq, sql } from 'drizzle-orm';
import type { PracticeDashboardDto } from '@shared/practice/dashboard';
import { shifts } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * The four dashboard figures, defined here and nowhere else:
 * - activeRequests: this practice's shifts with status 'open';
 * - upcomingShifts: shifts starting after `now` that are not cancelled;
 * - professionalsWorkedWith: distinct professionals booked on this practice's shifts;
 * - averageResponseMinutes: median minutes from posting a shift to its first response.
 */
export async function getPracticeDashboard(
  ctx: ServiceContext,
  practiceId: string,
  now: Date = new Date(),
): Promise<PracticeDashboardDto> {
  const isOpen = sql`${shifts.status} = 'open'`;
  const isUpcoming = sql`${shifts.startsAt} > ${now.toISOString()}::timestamptz and ${shifts.status} <> 'cancelled'`;
  const [counts] = await ctx.db
    .select({
      activeRequests: sql<number>`count(*) filter (where ${isOpen})`.mapWith(Number),
      upcomingShifts: sql<number>`count(*) filter (where ${isUpcoming})`.mapWith(Number),
    })
    .from(shifts)
    .where(eq(shifts.practiceId, practiceId));

  return {
    activeRequests: counts?.activeRequests ?? 0,
    upcomingShifts: counts?.upcomingShifts ?? 0,
    // Bookings and applications do not exist yet: no professional can be booked on a shift and
    // no one can respond to one. The issue that adds bookings/applications computes these two
    // here, from its tables (distinct booked professional ids; median of first response time
    // minus shift createdAt). Until then the honest figures are none and no answer.
    professionalsWorkedWith: 0,
    averageResponseMinutes: null,
  };
}
