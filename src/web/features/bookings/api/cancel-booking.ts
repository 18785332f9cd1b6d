import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-constants';
import { apiRequest } from '@web/lib/api-client';
import { refreshProfessionalBookings } from './professional-keys';

/** POST /api/professional/bookings/:id/cancel { reason }: the shift reopens, the practice is told. */
export function cancelBooking({ id, reason }: { id: string; reason: string }) {
  return apiRequest<ProfessionalBookingDto>(
    `/api/professional/bookings/${encodeURIComponent(id)}/cancel`,
    { method: 'POST', body: { reason } },
  );
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
