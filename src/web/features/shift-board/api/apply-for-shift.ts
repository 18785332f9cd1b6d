import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyInput, MyApplicationDto } from '@shared/marketplace/bookings';
import { refreshProfessionalBookings } from '@web/features/bookings/api/professional-keys';
import { apiRequest } from '@web/lib/api-client';

/** POST /api/professional/shifts/:shiftId/apply { note }: a 'Review applicants' shift. */
export function applyForShift({ shiftId, input }: { shiftId: string; input: ApplyInput }) {
  return apiRequest<MyApplicationDto>(
    `/api/professional/shifts/${encodeURIComponent(shiftId)}/apply`,
    { method: 'POST', body: input },
  );
}

/** Refreshes the board whatever the answer: a refusal usually means the shift changed. */
export function useApplyForShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForShift,
    onSettled: () => refreshProfessionalBookings(queryClient),
  });
}
