import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { locationsQuery } from './locations';

export function deleteLocation(id: string) {
  return answer(api.practice.locations[':id'].$delete({ param: { id } }));
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    // Also after a refusal: the list may have been stale (another location became main meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}
