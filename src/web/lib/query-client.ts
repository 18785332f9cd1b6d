import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { goToLoginAfterSessionEnded } from './return-path';

/** A 4xx answer will not change by asking again; a lost connection or a 5xx may. */
function worthRetrying(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Any 401 means the session has ended: the portal page goes to its login and comes back. */
function onApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) goToLoginAfterSessionEnded();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: worthRetrying, refetchOnWindowFocus: true },
    // An action is sent when the user asks, or not at all: offline it fails at once with the
    // network message (the form shows its own failure) instead of waiting, paused, to run by
    // itself minutes later when the connection returns. Reads still wait for the connection.
    mutations: { networkMode: 'always', retry: false },
  },
});
