import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationInput } from '@shared/practice/locations';
import { answer, api } from '@web/lib/api';
import { locationsQuery } from './locations';

export function updateLocation({ id, input }: { id: string; input: LocationInput }) {
  return answer(api.practice.locations[':id'].$put({ param: { id }, json: input }));
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
