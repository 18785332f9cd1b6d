import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeBankTokenDto, ExchangeBankTokenInput } from '@shared/practice/billing';
import { apiRequest } from '@web/lib/api-client';
import { billingQuery } from './billing';

/** The product endpoint: the server exchanges the public token and stores the payment method. */
export function exchangeBankToken(input: ExchangeBankTokenInput) {
  return apiRequest<ExchangeBankTokenDto>('/api/exchange-plaid-token', {
    method: 'POST',
    body: input,
  });
}

export function useExchangeBankToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeBankToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQuery.queryKey }),
  });
}
