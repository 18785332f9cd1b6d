import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto } from '@shared/practice/location-constants';
import { apiRequest } from '@web/lib/api-client';
import { locationsQuery } from './locations';

/** Makes one location the main one (the server clears the flag on all others). */
export function makeMainLocation(id: string) {
  return apiRequest<{ locations: LocationDto[] }>(
    `/api/practice/locations/${encodeURIComponent(id)}/make-main`,
    { method: 'POST', body: {} },
  ).then((result) => result.locations);
}

export function useMakeMainLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMainLocation,
    onSuccess: (locations) => queryClient.setQueryData(locationsQuery.queryKey, locations),
  });
}
