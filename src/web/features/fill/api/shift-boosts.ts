import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShiftBoostInput } from '@shared/fill/boosts';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftKeys } from '@web/features/shifts/api/query-keys';
import { answer, api, cancellable } from '@web/lib/api';

/** GET /api/practice/shifts/:id/boosts: the shift's boosts and what is left. */
export function fetchShiftBoosts(id: string, signal?: AbortSignal) {
  return answer(api.practice.shifts[':id'].boosts.$get({ param: { id } }, cancellable(signal)));
}

/** Asked while the Boost dialog is open; under the shifts key, so any change of shifts asks again. */
export function useShiftBoosts(id: string) {
  return useQuery({
    queryKey: shiftKeys.boosts(id),
    queryFn: ({ signal }) => fetchShiftBoosts(id, signal),
    staleTime: 0,
  });
}

/** POST /api/practice/shifts/:id/boosts: raise the rate, tell more professionals, or urgent. */
export function boostShift({ id, input }: { id: string; input: ShiftBoostInput }) {
  return answer(api.practice.shifts[':id'].boosts.$post({ param: { id }, json: input }));
}

export function useBoostShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: boostShift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard }),
      ]),
  });
}
