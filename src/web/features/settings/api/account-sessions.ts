import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSecurityPaths, type AccountSessionsReply } from '@shared/account-security';
import { apiRequest } from '@web/lib/api-client';

export function fetchAccountSessions(signal?: AbortSignal) {
  return apiRequest<AccountSessionsReply>(accountSecurityPaths.sessions, { signal });
}

export const accountSessionsQuery = queryOptions({
  queryKey: ['account-sessions'],
  queryFn: ({ signal }) => fetchAccountSessions(signal),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQuery);
}

/** Signs out one of the user's other sessions. */
export function useEndAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(accountSecurityPaths.session(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}

/** Signs out every session of the user but this one. */
export function useEndOtherAccountSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; ended: number }>(accountSecurityPaths.endOtherSessions, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}
