import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferencesInput } from '@shared/marketplace/notifications';
import { answer, api } from '@web/lib/api';
import { emailPreferencesQuery } from './email-preferences';

export function updateEmailPreferences(input: EmailPreferencesInput) {
  return answer(api.notifications['email-preferences'].$put({ json: input }));
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (reply) => queryClient.setQueryData(emailPreferencesQuery.queryKey, reply),
  });
}
