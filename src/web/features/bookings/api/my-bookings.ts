import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-constants';
import { apiRequest } from '@web/lib/api-client';
import { professionalKeys } from './professional-keys';

/** GET /api/professional/bookings: this professional's bookings (any status). */
export function fetchMyBookings(signal?: AbortSignal) {
  return apiRequest<{ bookings: ProfessionalBookingDto[] }>('/api/professional/bookings', {
    signal,
  }).then((reply) => reply.bookings);
}

export const myBookingsQuery = queryOptions({
  queryKey: professionalKeys.bookings,
  queryFn: ({ signal }) => fetchMyBookings(signal),
  // A practice may accept or cancel at any time: refetch whenever the bookings are shown.
  staleTime: 0,
});

export function useMyBookings() {
  return useQuery(myBookingsQuery);
}
