import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';

export function fetchPractice(signal?: AbortSignal) {
  return answer(api.practice.$get(undefined, cancellable(signal)));
}

export const practiceQuery = queryOptions({
  queryKey: ['practice', 'record'],
  queryFn: ({ signal }) => fetchPractice(signal),
});

export function usePractice() {
  return useQuery(practiceQuery);
}
