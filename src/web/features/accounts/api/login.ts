import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginAudience, LoginInput } from '@shared/validation/login';
import { answer, api } from '@web/lib/api';
import { sessionQuery } from './session';

export function login(input: LoginInput & { audience: LoginAudience }) {
  return answer(api.login.$post({ json: input }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // 'all': a session cached as signed out (a portal visited before signing in) is asked for
    // again now, not after the portal's guard has read it and sent the user back to sign in.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey, refetchType: 'all' }),
  });
}
