import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { billingKeys } from './query-keys';

export function fetchBilling(signal?: AbortSignal) {
  return answer(api.practice.billing.$get(undefined, cancellable(signal)));
}

export const billingQuery = queryOptions({
  queryKey: billingKeys.billing,
  queryFn: ({ signal }) => fetchBilling(signal),
});

export function useBilling() {
  return useQuery(billingQuery);
}
