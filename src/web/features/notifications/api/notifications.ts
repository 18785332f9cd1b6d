import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_REFRESH_MS,
  type NotificationsReply,
} from '@shared/marketplace/notification-constants';
import { apiRequest } from '@web/lib/api-client';

export function fetchNotifications(signal?: AbortSignal) {
  return apiRequest<NotificationsReply>('/api/notifications', { signal });
}

/** Fresh within NOTIFICATION_REFRESH_MS, and again whenever the window regains focus. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications', 'list'],
  queryFn: ({ signal }) => fetchNotifications(signal),
  refetchInterval: NOTIFICATION_REFRESH_MS,
  refetchOnWindowFocus: 'always',
  staleTime: 5_000,
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}
