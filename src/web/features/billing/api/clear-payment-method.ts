import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDto } from '@shared/practice/billing';
import { answer, api } from '@web/lib/api';
import { billingQuery } from './billing';

/** 'Remove Payment Method': removes the linked account (refused while debits are to come). */
export function clearPaymentMethod() {
  return answer(api.practice.billing['payment-method'].$delete());
}

export function useClearPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearPaymentMethod,
    onSuccess: () => {
      queryClient.setQueryData<BillingDto>(billingQuery.queryKey, (current) =>
        current ? { ...current, paymentMethod: null } : current,
      );
      return queryClient.invalidateQueries({ queryKey: billingQuery.queryKey });
    },
  });
}
