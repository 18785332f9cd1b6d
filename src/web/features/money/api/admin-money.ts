import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargeStatus } from '@shared/money/money-texts';
import { answer, api, cancellable } from '@web/lib/api';
import { moneyKeys } from './query-keys';

export function useAdminMoney(search: string, status: ChargeStatus | '') {
  return useQuery({
    queryKey: moneyKeys.adminMoney(search, status),
    queryFn: ({ signal }) =>
      answer(
        api.admin.money.$get(
          {
            query: {
              ...(search ? { search } : {}),
              ...(status ? { status } : {}),
            },
          },
          cancellable(signal),
        ),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      answer(api.admin.charges[':id'].refund.$post({ param: { id }, json: { note } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.adminMoneyAll }),
  });
}
