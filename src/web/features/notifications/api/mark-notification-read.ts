import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsReply } from '@shared/marketplace/notification-replies';
import { answer, api } from '@web/lib/api';
import { notificationsQuery } from './notifications';

export function markNotificationRead(id: string) {
  return answer(api.notifications[':id'].read.$post({ param: { id } }));
}

/** Marks one read at once in the list, then confirms with the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQuery.queryKey });
      queryClient.setQueryData<NotificationsReply>(notificationsQuery.queryKey, (reply) => {
        if (!reply) return reply;
        const target = reply.notifications.find((n) => n.id === id);
        if (!target || target.read) return reply;
        return {
          unreadCount: Math.max(0, reply.unreadCount - 1),
          notifications: reply.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}
