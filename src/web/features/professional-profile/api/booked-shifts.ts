import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { professionalProfileKeys } from './query-keys';

/** GET /api/professional/shifts: the shifts this professional is booked on (confirmed or completed). */
export function fetchBookedShifts(signal?: AbortSignal) {
  return answer(api.professional.shifts.$get(undefined, cancellable(signal))).then(
    (reply) => reply.shifts,
  );
}

export const bookedShiftsQuery = queryOptions({
  queryKey: professionalProfileKeys.bookedShifts,
  queryFn: ({ signal }) => fetchBookedShifts(signal),
  // A practice may accept or cancel at any time: refetch whenever the schedule is shown.
  staleTime: 0,
});

export function useBookedShifts() {
  return useQuery(bookedShiftsQuery);
}
