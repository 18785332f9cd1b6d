import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-constants';
import { refreshProfessionalBookings } from '@web/features/bookings/api/professional-keys';
import { apiRequest } from '@web/lib/api-client';

/** POST /api/professional/shifts/:shiftId/book: an 'Instant book' shift, first come first served. */
export function bookShift(shiftId: string) {
  return apiRequest<ProfessionalBookingDto>(
    `/api/professional/shifts/${encodeURIComponent(shiftId)}/book`,
    { method: 'POST', body: {} },
  );
}

/** Refreshes the board whatever the answer: someone else may have just booked the shift. */
export function useBookShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookShift,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
