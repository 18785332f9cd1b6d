import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationInput } from '@shared/practice/locations';
import { answer, api } from '@web/lib/api';
import { locationsQuery } from './locations';

export function createLocation(input: LocationInput) {
  return answer(api.practice.locations.$post({ json: input }));
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}
