import { queryOptions, useQuery } from '@tanstack/react-query';
import { webVitalsPaths, type WebVitalsSummaryDto } from '@shared/web-vitals-constants';
import { apiRequest } from '@web/lib/api-client';

/** GET /api/admin/web-vitals: 75th percentiles per route and metric over the last 7 days. */
export function fetchWebVitalsSummary(signal?: AbortSignal) {
  return apiRequest<WebVitalsSummaryDto>(webVitalsPaths.summary, { signal });
}

export const webVitalsSummaryQuery = queryOptions({
  queryKey: ['admin', 'web-vitals'],
  queryFn: ({ signal }) => fetchWebVitalsSummary(signal),
});

export function useWebVitalsSummary() {
  return useQuery(webVitalsSummaryQuery);
}
