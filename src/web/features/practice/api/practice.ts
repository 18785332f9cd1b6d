import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeDto } from '@shared/practice/office';
import { apiRequest } from '@web/lib/api-client';

export function fetchPractice(signal?: AbortSignal) {
  return apiRequest<PracticeDto>('/api/practice', { signal });
}

export const practiceQuery = queryOptions({
  queryKey: ['practice', 'record'],
  queryFn: ({ signal }) => fetchPractice(signal),
});

export function usePractice() {
  return useQuery(practiceQuery);
}
