import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { professionalProfileKeys } from './query-keys';

/** GET /api/professional/reliability: the professional's own, over the last 12 months. */
export const ownReliabilityQuery = queryOptions({
  queryKey: professionalProfileKeys.reliability,
  queryFn: ({ signal }) =>
    answer(api.professional.reliability.$get(undefined, cancellable(signal))),
  // Practices report no-shows and approve hours at any time: refetch whenever it is shown.
  staleTime: 0,
});

export function useOwnReliability() {
  return useQuery(ownReliabilityQuery);
}
