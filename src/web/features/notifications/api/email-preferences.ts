import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { notificationKeys } from './query-keys';

export function fetchEmailPreferences(signal?: AbortSignal) {
  return answer(api.notifications['email-preferences'].$get(undefined, cancellable(signal)));
}

export const emailPreferencesQuery = queryOptions({
  queryKey: notificationKeys.emailPreferences,
  queryFn: ({ signal }) => fetchEmailPreferences(signal),
});

export function useEmailPreferences() {
  return useQuery(emailPreferencesQuery);
}
