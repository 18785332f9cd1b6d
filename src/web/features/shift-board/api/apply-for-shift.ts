import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyInput } from '@shared/marketplace/bookings';
import { refreshProfessionalBookings } from '@web/features/bookings/api/query-keys';
import { answer, api } from '@web/lib/api';

/** POST /api/professional/shifts/:shiftId/apply { note }: a 'Review applicants' shift. */
export function applyForShift({ shiftId, input }: { shiftId: string; input: ApplyInput }) {
  return answer(
    api.professional.shifts[':shiftId'].apply.$post({ param: { shiftId }, json: input }),
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
