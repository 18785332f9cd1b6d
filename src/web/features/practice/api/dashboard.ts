import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceKeys } from './query-keys';

export function fetchDashboard(signal?: AbortSignal) {
  return answer(api.practice.dashboard.$get(undefined, cancellable(signal)));
}

/**
 * The key sits under ['practice', 'dashboard']: shift changes invalidate that prefix, since the
 * figures are counted from the practice's shifts.
 */
export const dashboardQuery = queryOptions({
  queryKey: practiceKeys.dashboard,
  queryFn: ({ signal }) => fetchDashboard(signal),
  // Bookings by professionals change the figures: refetch whenever the dashboard is shown.
  staleTime: 0,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
