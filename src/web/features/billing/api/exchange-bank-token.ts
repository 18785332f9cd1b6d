import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeBankTokenInput } from '@shared/practice/billing';
import { answer, api } from '@web/lib/api';
import { billingQuery } from './billing';

/** The product endpoint: the server exchanges the public token and stores the payment method. */
export function exchangeBankToken(input: ExchangeBankTokenInput) {
  return answer(api['exchange-plaid-token'].$post({ json: input }));
}

export function useExchangeBankToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeBankToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQuery.queryKey }),
  });
}
