import type { QueryClient } from '@tanstack/react-query';

/**
 * The professional's queries that applying, booking, cancelling and rating change: the board,
 * their applications, bookings, booked shifts (the calendar) and the dashboard figures.
 */
export const professionalKeys = {
  shiftBoard: ['professional', 'shift-board'],
  applications: ['professional', 'applications'],
  bookings: ['professional', 'bookings'],
  bookedShifts: ['professional', 'shifts'],
  dashboard: ['professional', 'dashboard'],
} as const;

export function refreshProfessionalBookings(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    Object.values(professionalKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
