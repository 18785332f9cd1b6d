import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export function fetchAccountSessions(signal?: AbortSignal) {
  return answer(api.account.sessions.$get(undefined, cancellable(signal)));
}

export const accountSessionsQuery = queryOptions({
  queryKey: settingsKeys.accountSessions,
  queryFn: ({ signal }) => fetchAccountSessions(signal),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQuery);
}

/** Signs out one of the user's other sessions. */
export function useEndAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.account.sessions[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}

/** Signs out every session of the user but this one. */
export function useEndOtherAccountSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.account.sessions['end-others'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}
