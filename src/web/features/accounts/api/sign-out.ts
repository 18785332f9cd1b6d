import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { sessionQuery } from './session';

export function signOut() {
  return apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Signs out, forgets all cached data, then runs `onDone` (the portals go to '/'). */
export function useSignOut(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      onDone();
    },
  });
}
