import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfessionalBookings } from '@web/features/bookings/api/query-keys';
import { answer, api } from '@web/lib/api';

/** POST /api/professional/shifts/:shiftId/book: an 'Instant book' shift, first come first served. */
export function bookShift(shiftId: string) {
  return answer(api.professional.shifts[':shiftId'].book.$post({ param: { shiftId } }));
}

/** Refreshes the board whatever the answer: someone else may have just booked the shift. */
export function useBookShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookShift,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
