import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewShiftInput, ShiftDto } from '@shared/practice/shifts';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/** One shift per selected date, created together. */
export function createShifts(input: NewShiftInput) {
  return apiRequest<{ shifts: ShiftDto[] }>('/api/practice/shifts', {
    method: 'POST',
    body: input,
  }).then((result) => result.shifts);
}

export function useCreateShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShifts,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
