import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';
import { calendarFeedQuery } from './calendar-feed';

export function replaceCalendarFeed() {
  return answer(api['calendar-feed'].replace.$post());
}

export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceCalendarFeed,
    onSuccess: (reply) => queryClient.setQueryData(calendarFeedQuery.queryKey, reply),
  });
}
