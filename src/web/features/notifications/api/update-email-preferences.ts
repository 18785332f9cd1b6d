import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailPreferencesInput,
  EmailPreferencesReply,
} from '@shared/marketplace/notifications';
import { apiRequest } from '@web/lib/api-client';
import { emailPreferencesQuery } from './email-preferences';

export function updateEmailPreferences(input: EmailPreferencesInput) {
  return apiRequest<EmailPreferencesReply>('/api/notifications/email-preferences', {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (reply) => queryClient.setQueryData(emailPreferencesQuery.queryKey, reply),
  });
}
