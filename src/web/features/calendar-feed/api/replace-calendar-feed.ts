import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedReply } from '@shared/marketplace/calendar-feed';
import { apiRequest } from '@web/lib/api-client';
import { calendarFeedQuery } from './calendar-feed';

export function replaceCalendarFeed() {
  return apiRequest<CalendarFeedReply>('/api/calendar-feed/replace', { method: 'POST' });
}

export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceCalendarFeed,
    onSuccess: (reply) => queryClient.setQueryData(calendarFeedQuery.queryKey, reply),
  });
}
