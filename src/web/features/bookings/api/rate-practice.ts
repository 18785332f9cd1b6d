import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingInput } from '@shared/marketplace/ratings';
import { answer, api } from '@web/lib/api';
import { bookingKeys } from './query-keys';

/** POST /api/professional/bookings/:id/rating { stars, comment }: once, after the shift. */
export function ratePractice({ bookingId, rating }: { bookingId: string; rating: RatingInput }) {
  return answer(
    api.professional.bookings[':id'].rating.$post({ param: { id: bookingId }, json: rating }),
  );
}

export function useRatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ratePractice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.bookings }),
  });
}
