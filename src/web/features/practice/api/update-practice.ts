import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeInformationUpdateInput, PracticeDto } from '@shared/practice/office';
import { apiRequest } from '@web/lib/api-client';
import { practiceQuery } from './practice';

/** Saves one Office Information section: only its fields, the others stay as they are. */
export function updatePractice(input: OfficeInformationUpdateInput) {
  return apiRequest<PracticeDto>('/api/practice', { method: 'PUT', body: input });
}

export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    onSuccess: (practice) => queryClient.setQueryData(practiceQuery.queryKey, practice),
  });
}
