import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';

export function fetchLocations(signal?: AbortSignal) {
  return answer(api.practice.locations.$get(undefined, cancellable(signal))).then(
    (result) => result.locations,
  );
}

export const locationsQuery = queryOptions({
  queryKey: ['practice', 'locations'],
  queryFn: ({ signal }) => fetchLocations(signal),
});

export function useLocations() {
  return useQuery(locationsQuery);
}
