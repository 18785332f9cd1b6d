import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextPhoneInput } from '@shared/marketplace/text-messages';
import { answer, api } from '@web/lib/api';
import { textMessageSettingsQuery } from './text-message-settings';

export function sendTextCode(input: TextPhoneInput) {
  return answer(api.notifications.sms.phone.$put({ json: input }));
}

export function useSendTextCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTextCode,
    onSuccess: (reply) => queryClient.setQueryData(textMessageSettingsQuery.queryKey, reply),
  });
}
