import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextCodeInput } from '@shared/marketplace/text-messages';
import { answer, api } from '@web/lib/api';
import { textMessageSettingsQuery } from './text-message-settings';

export function confirmTextCode(input: TextCodeInput) {
  return answer(api.notifications.sms.confirm.$post({ json: input }));
}

export function useConfirmTextCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTextCode,
    onSuccess: (reply) => queryClient.setQueryData(textMessageSettingsQuery.queryKey, reply),
    // A wrong code uses up a try: show what is left.
    onError: () => queryClient.invalidateQueries({ queryKey: textMessageSettingsQuery.queryKey }),
  });
}
