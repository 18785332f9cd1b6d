import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeInformationUpdateInput } from '@shared/practice/office';
import { answer, api } from '@web/lib/api';
import { practiceQuery } from './practice';

/** Saves one Office Information section: only its fields, the others stay as they are. */
export function updatePractice(input: OfficeInformationUpdateInput) {
  return answer(api.practice.$put({ json: input }));
}

export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    onSuccess: (practice) => queryClient.setQueryData(practiceQuery.queryKey, practice),
  });
}
