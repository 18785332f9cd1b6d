import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { notificationsQuery } from './notifications';

export function markAllNotificationsRead() {
  return answer(api.notifications['read-all'].$post());
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}
