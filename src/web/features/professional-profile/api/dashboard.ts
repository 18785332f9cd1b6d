import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { professionalProfileKeys } from './query-keys';

/** GET /api/professional/dashboard: figures from this professional's own bookings. */
export function fetchProfessionalDashboard(signal?: AbortSignal) {
  return answer(api.professional.dashboard.$get(undefined, cancellable(signal)));
}

export const professionalDashboardQuery = queryOptions({
  queryKey: professionalProfileKeys.dashboard,
  queryFn: ({ signal }) => fetchProfessionalDashboard(signal),
  // Practices accept, cancel and rate at any time: refetch whenever the dashboard is shown.
  staleTime: 0,
});

export function useProfessionalDashboard() {
  return useQuery(professionalDashboardQuery);
}
