import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { notificationKeys } from './query-keys';

export function fetchPushSettings(signal?: AbortSignal) {
  return answer(api.notifications.push.$get(undefined, cancellable(signal)));
}

export const pushSettingsQuery = queryOptions({
  queryKey: notificationKeys.push,
  queryFn: ({ signal }) => fetchPushSettings(signal),
});

export function usePushSettings() {
  return useQuery(pushSettingsQuery);
}
