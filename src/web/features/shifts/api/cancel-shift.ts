import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto } from '@shared/practice/shifts';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/** Cancels a shift: its status becomes 'cancelled' (shifts are never deleted). */
export function cancelShift(id: string) {
  return apiRequest<ShiftDto>(`/api/practice/shifts/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: {},
  });
}

export function useCancelShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
