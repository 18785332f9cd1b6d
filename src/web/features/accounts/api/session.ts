import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType } from '@shared/accounts';
import { answer, api } from '@web/lib/api';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  accountType: AccountType;
  portalPath: string;
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => answer(api.session.$get()).then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
