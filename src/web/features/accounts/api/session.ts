import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType } from '@shared/accounts';
import { apiRequest } from '@web/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  accountType: AccountType;
  portalPath: string;
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => apiRequest<{ user: SessionUser | null }>('/api/session').then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
