import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_REFRESH_MS } from '@shared/marketplace/notification-constants';
import { answer, api, cancellable } from '@web/lib/api';
import { notificationKeys } from './query-keys';

export function fetchNotifications(signal?: AbortSignal) {
  return answer(api.notifications.$get(undefined, cancellable(signal)));
}

/** Fresh within NOTIFICATION_REFRESH_MS, and again whenever the window regains focus. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => fetchNotifications(signal),
  refetchInterval: NOTIFICATION_REFRESH_MS,
  refetchOnWindowFocus: 'always',
  staleTime: 5_000,
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}
