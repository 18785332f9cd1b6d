import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingDto, RatingInput } from '@shared/marketplace/ratings';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKey, shiftsKey } from './shifts';

/** POST /api/practice/shifts/:shiftId/rating { stars, comment }: once, after the shift. */
export function rateProfessional({ shiftId, rating }: { shiftId: string; rating: RatingInput }) {
  return apiRequest<RatingDto>(`/api/practice/shifts/${encodeURIComponent(shiftId)}/rating`, {
    method: 'POST',
    body: rating,
  });
}

export function useRateProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateProfessional,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
