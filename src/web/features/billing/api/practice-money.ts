import { useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { billingKeys } from './query-keys';

/** The practice's charges and weekly invoices (Billing). */
export function usePracticeMoney() {
  return useQuery({
    queryKey: billingKeys.money,
    queryFn: ({ signal }) =>
      answer(api.practice.billing.money.$get(undefined, cancellable(signal))),
    staleTime: 0,
  });
}

/** Where a PDF is downloaded from (a plain link: the browser sends the session cookie). */
export const moneyDownloads = {
  invoicePdf: (id: string) => `/api/practice/billing/invoices/${id}/pdf`,
  receiptPdf: (id: string) => `/api/practice/billing/charges/${id}/receipt`,
} as const;
