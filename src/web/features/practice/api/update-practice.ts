import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeInformationInput, PracticeDto } from '@shared/practice/office';
import { apiRequest } from '@web/lib/api-client';
import { practiceQuery } from './practice';

/** Writes the whole practice record (every Office Information section saves all of it). */
export function updatePractice(input: OfficeInformationInput) {
  return apiRequest<PracticeDto>('/api/practice', { method: 'PUT', body: input });
}

export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    onSuccess: (practice) => queryClient.setQueryData(practiceQuery.queryKey, practice),
  });
}
