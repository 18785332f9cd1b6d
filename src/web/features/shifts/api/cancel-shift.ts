import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto } from '@shared/practice/shift-constants';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/**
 * Cancels a shift: its status becomes 'cancelled' (shifts are never deleted). The reason is
 * optional for an open shift and required for a filled one (the booked professional reads it).
 */
export function cancelShift({ id, reason = '' }: { id: string; reason?: string }) {
  return apiRequest<ShiftDto>(`/api/practice/shifts/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: { reason },
  });
}

export function useCancelShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShift,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
