import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeDashboardDto } from '@shared/practice/dashboard';
import { apiRequest } from '@web/lib/api-client';

export function fetchDashboard(signal?: AbortSignal) {
  return apiRequest<PracticeDashboardDto>('/api/practice/dashboard', { signal });
}

/**
 * The key sits under ['practice', 'dashboard']: shift changes invalidate that prefix, since the
 * figures are counted from the practice's shifts.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['practice', 'dashboard'],
  queryFn: ({ signal }) => fetchDashboard(signal),
  // Bookings by professionals change the figures: refetch whenever the dashboard is shown.
  staleTime: 0,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
