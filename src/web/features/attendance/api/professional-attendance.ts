import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInInput, TimesheetHoursInput } from '@shared/marketplace/attendance';
import { refreshProfessionalBookings } from '@web/features/bookings/api/query-keys';
import { answer, api, cancellable } from '@web/lib/api';
import { attendanceKeys } from './query-keys';

/** GET /api/professional/attendance: check-in and timesheet of each recent booking. */
export function useMyAttendance() {
  return useQuery({
    queryKey: attendanceKeys.mine,
    queryFn: ({ signal }) =>
      answer(api.professional.attendance.$get(undefined, cancellable(signal))).then(
        (reply) => reply.bookings,
      ),
    // The day moves on (check-in opens, the practice decides): read it again when shown.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

function useAttendanceMutation<TInput>(send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceKeys.mine }),
        refreshProfessionalBookings(queryClient),
      ]),
  });
}

/** POST /api/professional/bookings/:id/check-in { code, latitude?, longitude? }. */
export function useCheckIn() {
  return useAttendanceMutation(({ bookingId, ...json }: CheckInInput & { bookingId: string }) =>
    answer(api.professional.bookings[':id']['check-in'].$post({ param: { id: bookingId }, json })),
  );
}

/** POST /api/professional/bookings/:id/timesheet { startedAt, endedAt, breakMinutes }. */
export function useSubmitTimesheet() {
  return useAttendanceMutation(
    ({ bookingId, ...json }: TimesheetHoursInput & { bookingId: string }) =>
      answer(api.professional.bookings[':id'].timesheet.$post({ param: { id: bookingId }, json })),
  );
}
