import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeBankTokenInput, SandboxPublicTokenInput } from '@shared/practice/billing';
import { answer, api, cancellable } from '@web/lib/api';
import { moneyKeys } from './query-keys';

export function usePayoutAccount() {
  return useQuery({
    queryKey: moneyKeys.payoutAccount,
    queryFn: ({ signal }) =>
      answer(api.professional['payout-account'].$get(undefined, cancellable(signal))),
  });
}

/** Where the payment provider collects what it still needs; the browser goes there. */
export function usePayoutOnboardingLink() {
  return useMutation({
    mutationFn: () => answer(api.professional['payout-account']['onboarding-link'].$post()),
  });
}

export function usePayoutLinkToken() {
  return useMutation({
    mutationFn: () => answer(api.professional['payout-account']['link-token'].$post()),
  });
}

export function usePayoutSandboxToken() {
  return useMutation({
    mutationFn: (input: SandboxPublicTokenInput) =>
      answer(api.professional['payout-account'].sandbox['public-token'].$post({ json: input })),
  });
}

export function useLinkPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExchangeBankTokenInput) =>
      answer(api.professional['payout-account'].$post({ json: input })),
    onSuccess: (account) => {
      queryClient.setQueryData(moneyKeys.payoutAccount, account);
      return queryClient.invalidateQueries({ queryKey: moneyKeys.earningsAll });
    },
  });
}
