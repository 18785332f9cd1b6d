import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangePasswordInput } from '@shared/account-security';
import { answer, api } from '@web/lib/api';
import { accountSessionsQuery } from './account-sessions';

/** Changes the password; the server signs out the user's other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => answer(api.account.password.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}
