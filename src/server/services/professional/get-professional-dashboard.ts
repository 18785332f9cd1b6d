import type {
  BookedShiftDto,
  ProfessionalDashboardDto,
} from '@shared/professional/professional-replies';
import { and, eq, sql } from 'drizzle-orm';
import { professionals, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { listBookedShifts, listRatings } from './list-booked-shifts';
import type { ProfessionalAccount } from './professional-account';

/**
 * The dashboard's four figures from the professional's own bookings, timesheets and ratings
 * (pure, so it is tested on its own): completed = shifts completed (their timesheet approved);
 * upcoming = booked shifts starting after `now`; total hours = the minutes of their approved
 * timesheets (one decimal); average rating = mean of the ratings, null when there is none.
 */
export function summarizeBookings(
  shifts: readonly BookedShiftDto[],
  ratings: readonly number[],
  now: Date,
  approvedMinutes = 0,
): ProfessionalDashboardDto {
  let completedShifts = 0;
  let upcomingShifts = 0;
  for (const shift of shifts) {
    const start = Date.parse(shift.startTime);
    if (shift.status === 'completed') {
      completedShifts += 1;
    } else if (shift.status === 'filled' && start > now.getTime()) {
      upcomingShifts += 1;
    }
  }
  const averageRating = ratings.length
    ? Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10
    : null;
  return {
    completedShifts,
    upcomingShifts,
    averageRating,
    totalHours: Math.round((approvedMinutes / 60) * 10) / 10,
  };
}

/** GET /api/professional/dashboard: the one place the figures are defined. */
export async function getProfessionalDashboard(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = new Date(),
): Promise<ProfessionalDashboardDto> {
  const [shifts, ratings, [worked]] = await Promise.all([
    listBookedShifts(ctx, account),
    listRatings(ctx, account),
    ctx.db
      .select({ minutes: sql<string | null>`sum(${timesheets.workedMinutes})` })
      .from(timesheets)
      .innerJoin(professionals, eq(professionals.id, timesheets.professionalId))
      .where(and(eq(professionals.userId, account.id), eq(timesheets.status, 'approved'))),
  ]);
  return summarizeBookings(shifts, ratings, now, Number(worked?.minutes ?? 0));
}
