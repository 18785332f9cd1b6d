import { useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { shiftKeys } from './query-keys';

/** ChairFill's fee and the late-cancellation amount in force (they change rarely). */
export function usePayTerms() {
  return useQuery({
    queryKey: shiftKeys.payTerms,
    queryFn: ({ signal }) => answer(api.payments.terms.$get(undefined, cancellable(signal))),
    staleTime: 60 * 60_000,
  });
}
