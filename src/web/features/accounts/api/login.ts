import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '@shared/accounts';
import type { LoginAudience, LoginInput } from '@shared/validation/login';
import { apiRequest } from '@web/lib/api-client';
import { sessionQuery } from './session';

export function login(input: LoginInput & { audience: LoginAudience }) {
  return apiRequest<{ portalPath: string; accountType: AccountType }>('/api/login', {
    body: input,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
