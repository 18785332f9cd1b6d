import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshProfessionalBookings } from '@web/features/bookings/api/query-keys';
import { answer, api } from '@web/lib/api';

/** POST /api/professional/applications/:id/withdraw: before the practice decides. */
export function withdrawApplication(applicationId: string) {
  return answer(
    api.professional.applications[':id'].withdraw.$post({ param: { id: applicationId } }),
  );
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
