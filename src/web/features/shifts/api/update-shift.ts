import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftUpdateInput } from '@shared/practice/shifts';
import { answer, api } from '@web/lib/api';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from './query-keys';

/** Changes one open shift's start and end time (same date) and its rate. */
export function updateShift({ id, input }: { id: string; input: ShiftUpdateInput }) {
  return answer(api.practice.shifts[':id'].$patch({ param: { id }, json: input }));
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}
