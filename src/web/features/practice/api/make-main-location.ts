import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { locationsQuery } from './locations';

/** Makes one location the main one (the server clears the flag on all others). */
export function makeMainLocation(id: string) {
  return answer(api.practice.locations[':id']['make-main'].$post({ param: { id } })).then(
    (result) => result.locations,
  );
}

export function useMakeMainLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMainLocation,
    onSuccess: (locations) => queryClient.setQueryData(locationsQuery.queryKey, locations),
  });
}
