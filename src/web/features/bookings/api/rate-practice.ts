import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingDto, RatingInput } from '@shared/marketplace/ratings';
import { apiRequest } from '@web/lib/api-client';
import { professionalKeys } from './professional-keys';

/** POST /api/professional/bookings/:id/rating { stars, comment }: once, after the shift. */
export function ratePractice({ bookingId, rating }: { bookingId: string; rating: RatingInput }) {
  return apiRequest<RatingDto>(
    `/api/professional/bookings/${encodeURIComponent(bookingId)}/rating`,
    { method: 'POST', body: rating },
  );
}

export function useRatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ratePractice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: professionalKeys.bookings }),
  });
}
