import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalProfileDto } from '@shared/professional/profile';
import { apiRequest } from '@web/lib/api-client';

/** GET /api/professional/profile: creates the profile with defaults on the first portal load. */
export function fetchProfessionalProfile(signal?: AbortSignal) {
  return apiRequest<ProfessionalProfileDto>('/api/professional/profile', { signal });
}

export const professionalProfileQuery = queryOptions({
  queryKey: ['professional', 'profile'],
  queryFn: ({ signal }) => fetchProfessionalProfile(signal),
});

export function useProfessionalProfile() {
  return useQuery(professionalProfileQuery);
}
