import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto, ShiftUpdateInput } from '@shared/practice/shifts';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/** Changes one open shift's start and end time (same date) and its rate. */
export function updateShift({ id, input }: { id: string; input: ShiftUpdateInput }) {
  return apiRequest<ShiftDto>(`/api/practice/shifts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
