import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { practiceKeys } from './query-keys';

export function fetchLocations(signal?: AbortSignal) {
  return answer(api.practice.locations.$get(undefined, cancellable(signal))).then(
    (result) => result.locations,
  );
}

export const locationsQuery = queryOptions({
  queryKey: practiceKeys.locations,
  queryFn: ({ signal }) => fetchLocations(signal),
});

export function useLocations() {
  return useQuery(locationsQuery);
}
