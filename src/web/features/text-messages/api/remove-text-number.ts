import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { textMessageSettingsQuery } from './text-message-settings';

export function removeTextNumber() {
  return answer(api.notifications.sms.phone.$delete());
}

export function useRemoveTextNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTextNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: textMessageSettingsQuery.queryKey }),
  });
}
