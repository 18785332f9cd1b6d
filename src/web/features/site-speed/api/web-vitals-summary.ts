import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { siteSpeedKeys } from './query-keys';

/** GET /api/admin/web-vitals: 75th percentiles per route and metric over the last 7 days. */
export function fetchWebVitalsSummary(signal?: AbortSignal) {
  return answer(api.admin['web-vitals'].$get(undefined, cancellable(signal)));
}

export const webVitalsSummaryQuery = queryOptions({
  queryKey: siteSpeedKeys.summary,
  queryFn: ({ signal }) => fetchWebVitalsSummary(signal),
});

export function useWebVitalsSummary() {
  return useQuery(webVitalsSummaryQuery);
}
