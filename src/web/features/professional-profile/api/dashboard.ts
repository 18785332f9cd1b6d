import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalDashboardDto } from '@shared/professional/dashboard';
import { apiRequest } from '@web/lib/api-client';

/** GET /api/professional/dashboard: figures from this professional's own bookings. */
export function fetchProfessionalDashboard(signal?: AbortSignal) {
  return apiRequest<ProfessionalDashboardDto>('/api/professional/dashboard', { signal });
}

export const professionalDashboardQuery = queryOptions({
  queryKey: ['professional', 'dashboard'],
  queryFn: ({ signal }) => fetchProfessionalDashboard(signal),
  // Practices accept, cancel and rate at any time: refetch whenever the dashboard is shown.
  staleTime: 0,
});

export function useProfessionalDashboard() {
  return useQuery(professionalDashboardQuery);
}
