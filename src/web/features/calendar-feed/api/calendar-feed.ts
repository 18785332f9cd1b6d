import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, cancellable } from '@web/lib/api';
import { calendarFeedKeys } from './query-keys';

export function fetchCalendarFeed(signal?: AbortSignal) {
  return answer(api['calendar-feed'].$get(undefined, cancellable(signal)));
}

export const calendarFeedQuery = queryOptions({
  queryKey: calendarFeedKeys.feed,
  queryFn: ({ signal }) => fetchCalendarFeed(signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}
