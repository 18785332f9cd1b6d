import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType } from '@shared/accounts';
import { answer, api } from '@web/lib/api';
import { accountKeys } from './query-keys';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  accountType: AccountType;
  portalPath: string;
}

export const sessionQuery = queryOptions({
  queryKey: accountKeys.session,
  queryFn: () => answer(api.session.$get()).then((r) => r.user),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
