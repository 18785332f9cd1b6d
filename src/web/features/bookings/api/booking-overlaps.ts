import { useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';

/** Every pair of one professional's overlapping live bookings, for the admin console. */
export function useBookingOverlaps() {
  return useQuery({
    queryKey: ['admin', 'overlapping-bookings'],
    queryFn: ({ signal }) =>
      answer(api.admin['overlapping-bookings'].$get(undefined, cancellable(signal))),
  });
}
