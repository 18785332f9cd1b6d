import type { QueryClient } from '@tanstack/react-query';
import { professionalProfileKeys } from '@web/features/professional-profile/api/query-keys';
import { shiftBoardKeys } from '@web/features/shift-board/api/query-keys';

/** The professional's applications and bookings. */
export const bookingKeys = {
  applications: ['professional', 'applications'],
  bookings: ['professional', 'bookings'],
} as const;

/**
 * What applying, booking, cancelling and rating change on the professional's side: the board,
 * their applications and bookings, booked shifts (the calendar), the dashboard figures and their
 * reliability.
 */
export const professionalBookingQueries = [
  shiftBoardKeys.all,
  bookingKeys.applications,
  bookingKeys.bookings,
  professionalProfileKeys.bookedShifts,
  professionalProfileKeys.dashboard,
  professionalProfileKeys.reliability,
] as const;

/** Asks again every query of professionalBookingQueries. */
export function refreshProfessionalBookings(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    professionalBookingQueries.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
