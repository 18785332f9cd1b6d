import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedReply } from '@shared/marketplace/calendar-feed';
import { apiRequest } from '@web/lib/api-client';

export function fetchCalendarFeed(signal?: AbortSignal) {
  return apiRequest<CalendarFeedReply>('/api/calendar-feed', { signal });
}

export const calendarFeedQuery = queryOptions({
  queryKey: ['calendar-feed'],
  queryFn: ({ signal }) => fetchCalendarFeed(signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}
