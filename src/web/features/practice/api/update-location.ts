import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationDto, LocationInput } from '@shared/practice/locations';
import { apiRequest } from '@web/lib/api-client';
import { locationsQuery } from './locations';

export function updateLocation({ id, input }: { id: string; input: LocationInput }) {
  return apiRequest<LocationDto>(`/api/practice/locations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (location) => {
      queryClient.setQueryData(locationsQuery.queryKey, (current) =>
        current?.map((item) => (item.id === location.id ? location : item)),
      );
      return queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey });
    },
  });
}
