import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '@shared/accounts';
import type { LoginInput } from '@shared/validation/login';
import { apiRequest } from '@web/lib/api-client';
import { sessionQuery } from './session';

/** POST /api/login with the 'admin' audience: admin accounts only. */
export function adminLogin(input: LoginInput) {
  return apiRequest<{ portalPath: string; accountType: AccountType }>('/api/login', {
    body: { ...input, audience: 'admin' },
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
