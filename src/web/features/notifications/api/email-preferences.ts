import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailPreferencesReply } from '@shared/marketplace/notification-constants';
import { apiRequest } from '@web/lib/api-client';

export function fetchEmailPreferences(signal?: AbortSignal) {
  return apiRequest<EmailPreferencesReply>('/api/notifications/email-preferences', { signal });
}

export const emailPreferencesQuery = queryOptions({
  queryKey: ['notifications', 'email-preferences'],
  queryFn: ({ signal }) => fetchEmailPreferences(signal),
});

export function useEmailPreferences() {
  return useQuery(emailPreferencesQuery);
}
