import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextSwitchInput } from '@shared/marketplace/text-messages';
import { answer, api } from '@web/lib/api';
import { textMessageSettingsQuery } from './text-message-settings';

export function switchTexts(input: TextSwitchInput) {
  return answer(api.notifications.sms.$patch({ json: input }));
}

export function useSwitchTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchTexts,
    onSuccess: (reply) => queryClient.setQueryData(textMessageSettingsQuery.queryKey, reply),
  });
}
