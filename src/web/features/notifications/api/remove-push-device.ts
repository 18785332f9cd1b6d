import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { pushSettingsQuery } from './push-settings';

export function removePushDevice(id: string) {
  return answer(api.notifications.push.devices[':id'].$delete({ param: { id } }));
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: (reply) => queryClient.setQueryData(pushSettingsQuery.queryKey, reply),
  });
}
