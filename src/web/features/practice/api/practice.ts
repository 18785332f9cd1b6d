import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceKeys } from './query-keys';

export function fetchPractice(signal?: AbortSignal) {
  return answer(api.practice.$get(undefined, cancellable(signal)));
}

export const practiceQuery = queryOptions({
  queryKey: practiceKeys.record,
  queryFn: ({ signal }) => fetchPractice(signal),
});

export function usePractice() {
  return useQuery(practiceQuery);
}
