import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyApplicationDto } from '@shared/marketplace/booking-constants';
import { professionalKeys } from '@web/features/bookings/api/professional-keys';
import { apiRequest } from '@web/lib/api-client';

/** GET /api/professional/applications: this professional's applications, any status. */
export function fetchMyApplications(signal?: AbortSignal) {
  return apiRequest<{ applications: MyApplicationDto[] }>('/api/professional/applications', {
    signal,
  }).then((reply) => reply.applications);
}

export const myApplicationsQuery = queryOptions({
  queryKey: professionalKeys.applications,
  queryFn: ({ signal }) => fetchMyApplications(signal),
  // A practice may decide at any time: refetch whenever the list is opened.
  staleTime: 0,
});

export function useMyApplications() {
  return useQuery(myApplicationsQuery);
}
