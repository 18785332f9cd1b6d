import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from '@web/features/shifts/api/query-keys';
import { answer, api, cancellable } from '@web/lib/api';
import { attendanceKeys } from './query-keys';

/** GET /api/practice/check-in-codes: today's booked shifts with their codes. */
export function useCheckInCodes() {
  return useQuery({
    queryKey: attendanceKeys.checkInCodes,
    queryFn: ({ signal }) =>
      answer(api.practice['check-in-codes'].$get(undefined, cancellable(signal))).then(
        (reply) => reply.shifts,
      ),
    staleTime: 0,
    // Who has checked in changes during the morning.
    refetchInterval: 60_000,
  });
}

/** GET /api/practice/timesheets: waiting ones first. */
export function usePracticeTimesheets() {
  return useQuery({
    queryKey: attendanceKeys.practiceTimesheets,
    queryFn: ({ signal }) =>
      answer(api.practice.timesheets.$get(undefined, cancellable(signal))).then(
        (reply) => reply.timesheets,
      ),
    staleTime: 0,
  });
}

/** What a decision on the day changes: codes, timesheets, the shifts and the dashboard. */
function usePracticeAttendanceMutation<TInput>(send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [
          attendanceKeys.checkInCodes,
          attendanceKeys.practiceTimesheets,
          shiftKeys.all,
          practiceKeys.dashboard,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useApproveTimesheet() {
  return usePracticeAttendanceMutation((id: string) =>
    answer(api.practice.timesheets[':id'].approve.$post({ param: { id } })),
  );
}

export function useDisputeTimesheet() {
  return usePracticeAttendanceMutation(({ id, reason }: { id: string; reason: string }) =>
    answer(api.practice.timesheets[':id'].dispute.$post({ param: { id }, json: { reason } })),
  );
}

export function useReportNoShow() {
  return usePracticeAttendanceMutation((bookingId: string) =>
    answer(api.practice.bookings[':id']['no-show'].$post({ param: { id: bookingId } })),
  );
}
