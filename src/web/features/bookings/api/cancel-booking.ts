import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { refreshProfessionalBookings } from './query-keys';

/** POST /api/professional/bookings/:id/cancel { reason }: the shift reopens, the practice is told. */
export function cancelBooking({ id, reason }: { id: string; reason: string }) {
  return answer(api.professional.bookings[':id'].cancel.$post({ param: { id }, json: { reason } }));
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
