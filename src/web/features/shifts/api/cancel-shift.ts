import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from './query-keys';

/**
 * Cancels a shift: its status becomes 'cancelled' (shifts are never deleted). The reason is
 * optional for an open shift and required for a filled one (the booked professional reads it).
 */
export function cancelShift({ id, reason = '' }: { id: string; reason?: string }) {
  return answer(api.practice.shifts[':id'].cancel.$post({ param: { id }, json: { reason } }));
}

export function useCancelShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShift,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}
