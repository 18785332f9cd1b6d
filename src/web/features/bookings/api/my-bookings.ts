import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { bookingKeys } from './query-keys';

/** GET /api/professional/bookings: this professional's bookings (any status). */
export function fetchMyBookings(signal?: AbortSignal) {
  return answer(api.professional.bookings.$get(undefined, cancellable(signal))).then(
    (reply) => reply.bookings,
  );
}

export const myBookingsQuery = queryOptions({
  queryKey: bookingKeys.bookings,
  queryFn: ({ signal }) => fetchMyBookings(signal),
  // A practice may accept or cancel at any time: refetch whenever the bookings are shown.
  staleTime: 0,
});

export function useMyBookings() {
  return useQuery(myBookingsQuery);
}
