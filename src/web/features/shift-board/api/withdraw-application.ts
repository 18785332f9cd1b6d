import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyApplicationDto } from '@shared/marketplace/booking-constants';
import { refreshProfessionalBookings } from '@web/features/bookings/api/professional-keys';
import { apiRequest } from '@web/lib/api-client';

/** POST /api/professional/applications/:id/withdraw: before the practice decides. */
export function withdrawApplication(applicationId: string) {
  return apiRequest<MyApplicationDto>(
    `/api/professional/applications/${encodeURIComponent(applicationId)}/withdraw`,
    { method: 'POST', body: {} },
  );
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
