import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingInput } from '@shared/marketplace/ratings';
import { answer, api } from '@web/lib/api';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from './query-keys';

/** POST /api/practice/shifts/:shiftId/rating { stars, comment }: once, after the shift. */
export function rateProfessional({ shiftId, rating }: { shiftId: string; rating: RatingInput }) {
  return answer(api.practice.shifts[':shiftId'].rating.$post({ param: { shiftId }, json: rating }));
}

export function useRateProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateProfessional,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}
