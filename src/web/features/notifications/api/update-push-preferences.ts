import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushPreferencesInput } from '@shared/marketplace/push-notifications';
import { answer, api } from '@web/lib/api';
import { pushSettingsQuery } from './push-settings';

export function updatePushPreferences(input: PushPreferencesInput) {
  return answer(api.notifications.push.preferences.$put({ json: input }));
}

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreferences,
    onSuccess: (reply) => queryClient.setQueryData(pushSettingsQuery.queryKey, reply),
  });
}
