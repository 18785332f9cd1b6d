import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto, LocationInput } from '@shared/practice/locations';
import { apiRequest } from '@web/lib/api-client';
import { locationsQuery } from './locations';

export function createLocation(input: LocationInput) {
  return apiRequest<LocationDto>('/api/practice/locations', { method: 'POST', body: input });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}
