import { useQuery } from '@tanstack/react-query';
import { WHY_NOT_KEPT_MS } from '@shared/fill/why-not-constants';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftKeys } from './query-keys';

/** GET /api/practice/shifts/:id/why-not: who each rule leaves out, and the best change. */
export function fetchWhyNot(id: string, signal?: AbortSignal) {
  return answer(api.practice.shifts[':id']['why-not'].$get({ param: { id } }, cancellable(signal)));
}

/**
 * Asked only while the panel is open. Under the shifts key, so an edit of the shift asks again;
 * the server keeps an answer as long as this one is fresh.
 */
export function useWhyNot(id: string) {
  return useQuery({
    queryKey: shiftKeys.whyNot(id),
    queryFn: ({ signal }) => fetchWhyNot(id, signal),
    staleTime: WHY_NOT_KEPT_MS,
  });
}
