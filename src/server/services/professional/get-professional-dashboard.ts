import type {
  BookedShiftDto,
  ProfessionalDashboardDto,
} from '@shared/professional/professional-replies';
import type { ServiceContext } from '../context';
import { listBookedShifts, listRatings } from './list-booked-shifts';
import type { ProfessionalAccount } from './professional-account';

/**
 * The dashboard's four figures from the professional's own bookings and ratings (pure, so it is
 * tested on its own): completed = shifts marked completed (the scheduled job marks a booked shift
 * completed once it has ended); upcoming = booked shifts starting after `now`; total hours = hours
 * of completed shifts (one decimal); average rating = mean of the ratings, null when there is none.
 */
export function summarizeBookings(
  shifts: readonly BookedShiftDto[],
  ratings: readonly number[],
  now: Date,
): ProfessionalDashboardDto {
  let completedShifts = 0;
  let upcomingShifts = 0;
  let totalMinutes = 0;
  for (const shift of shifts) {
    const start = Date.parse(shift.startTime);
    const end = Date.parse(shift.endTime);
    if (shift.status === 'completed') {
      completedShifts += 1;
      totalMinutes += Math.max(0, end - start) / 60_000;
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
    totalHours: Math.round((totalMinutes / 60) * 10) / 10,
  };
}

/** GET /api/professional/dashboard: the one place the figures are defined. */
export async function getProfessionalDashboard(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = new Date(),
): Promise<ProfessionalDashboardDto> {
  const [shifts, ratings] = await Promise.all([
    listBookedShifts(ctx, account),
    listRatings(ctx, account),
  ]);
  return summarizeBookings(shifts, ratings, now);
}
