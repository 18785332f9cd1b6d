import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingKeys } from '@web/features/bookings/api/query-keys';
import { answer, api, cancellable } from '@web/lib/api';

/** GET /api/professional/applications: this professional's applications, any status. */
export function fetchMyApplications(signal?: AbortSignal) {
  return answer(api.professional.applications.$get(undefined, cancellable(signal))).then(
    (reply) => reply.applications,
  );
}

export const myApplicationsQuery = queryOptions({
  queryKey: bookingKeys.applications,
  queryFn: ({ signal }) => fetchMyApplications(signal),
  // A practice may decide at any time: refetch whenever the list is opened.
  staleTime: 0,
});

export function useMyApplications() {
  return useQuery(myApplicationsQuery);
}
