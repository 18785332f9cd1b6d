import type { ShiftPlace } from '../address-format';
import type { ShiftStatus } from '../practice/shift-constants';

/**
 * The professional dashboard's four figures, computed by one server service
 * (services/professional/get-professional-dashboard.ts) from this professional's own bookings.
 */
export interface ProfessionalDashboardDto {
  /** Booked shifts that have ended and were not cancelled. */
  completedShifts: number;
  /** Booked shifts that start in the future and are not cancelled. */
  upcomingShifts: number;
  /** Mean of the ratings practices gave; null while there is none. */
  averageRating: number | null;
  /** Hours worked on completed shifts. */
  totalHours: number;
}

/** '—' while there is no rating, '4.8' otherwise. */
export function formatAverageRating(rating: number | null): string {
  return rating === null ? '—' : rating.toFixed(1);
}

/** A shift this professional is booked on, as the schedule shows it. */
export interface BookedShiftDto {
  id: string;
  /** The position, e.g. 'Hygienist'. */
  title: string;
  practiceName: string;
  /** ISO timestamps. */
  startTime: string;
  endTime: string;
  location: ShiftPlace;
  status: ShiftStatus;
}

export interface BookedShiftsReply {
  shifts: BookedShiftDto[];
}
