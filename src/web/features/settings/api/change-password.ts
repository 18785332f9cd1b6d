import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSecurityPaths, type ChangePasswordInput } from '@shared/account-security';
import { apiRequest } from '@web/lib/api-client';
import { accountSessionsQuery } from './account-sessions';

/** Changes the password; the server signs out the user's other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<{ message: string }>(accountSecurityPaths.password, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}
