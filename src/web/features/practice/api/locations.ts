import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationDto } from '@shared/practice/location-constants';
import { apiRequest } from '@web/lib/api-client';

export function fetchLocations(signal?: AbortSignal) {
  return apiRequest<{ locations: LocationDto[] }>('/api/practice/locations', { signal }).then(
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
