import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { locationsQuery } from './locations';

export function deleteLocation(id: string) {
  return apiRequest<null>(`/api/practice/locations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    // Also after a refusal: the list may have been stale (another location became main meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}
