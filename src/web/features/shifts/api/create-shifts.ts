import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewShiftInput } from '@shared/practice/shifts';
import { answer, api } from '@web/lib/api';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from './query-keys';

/** One shift per selected date, created together. */
export function createShifts(input: NewShiftInput) {
  return answer(api.practice.shifts.$post({ json: input })).then((result) => result.shifts);
}

export function useCreateShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShifts,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}
