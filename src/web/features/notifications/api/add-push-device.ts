import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '@shared/marketplace/push-notifications';
import { answer, api } from '@web/lib/api';
import { pushSettingsQuery } from './push-settings';

export function addPushDevice(input: PushSubscriptionInput) {
  return answer(api.notifications.push.devices.$post({ json: input }));
}

export function useAddPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPushDevice,
    onSuccess: (reply) => queryClient.setQueryData(pushSettingsQuery.queryKey, reply),
  });
}
