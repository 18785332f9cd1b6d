import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { professionalProfileKeys } from './query-keys';

/** GET /api/professional/profile: creates the profile with defaults on the first portal load. */
export function fetchProfessionalProfile(signal?: AbortSignal) {
  return answer(api.professional.profile.$get(undefined, cancellable(signal)));
}

export const professionalProfileQuery = queryOptions({
  queryKey: professionalProfileKeys.profile,
  queryFn: ({ signal }) => fetchProfessionalProfile(signal),
});

export function useProfessionalProfile() {
  return useQuery(professionalProfileQuery);
}
