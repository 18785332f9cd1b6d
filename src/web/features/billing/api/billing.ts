import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingDto } from '@shared/practice/billing';
import { apiRequest } from '@web/lib/api-client';

export function fetchBilling(signal?: AbortSignal) {
  return apiRequest<BillingDto>('/api/practice/billing', { signal });
}

export const billingQuery = queryOptions({
  queryKey: ['practice', 'billing'],
  queryFn: ({ signal }) => fetchBilling(signal),
});

export function useBilling() {
  return useQuery(billingQuery);
}
