import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoShowDecisionInput, ResolveDisputeInput } from '@shared/marketplace/attendance';
import { answer, api, cancellable } from '@web/lib/api';
import { attendanceKeys } from './query-keys';

/** GET /api/admin/timesheet-disputes: disputes to decide, then the last decided. */
export function useTimesheetDisputes() {
  return useQuery({
    queryKey: attendanceKeys.disputes,
    queryFn: ({ signal }) =>
      answer(api.admin['timesheet-disputes'].$get(undefined, cancellable(signal))).then(
        (reply) => reply.timesheets,
      ),
    staleTime: 0,
  });
}

/** POST /api/admin/timesheets/:id/resolve { hours, note }. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...json }: ResolveDisputeInput & { id: string }) =>
      answer(api.admin.timesheets[':id'].resolve.$post({ param: { id }, json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.disputes }),
  });
}

/** POST /api/admin/timesheets/:id/no-show { note }. */
export function useDecideNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...json }: NoShowDecisionInput & { id: string }) =>
      answer(api.admin.timesheets[':id']['no-show'].$post({ param: { id }, json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.disputes }),
  });
}
