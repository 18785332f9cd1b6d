/** The private calendar feed link. */
export const calendarFeedKeys = {
  feed: ['calendar-feed'],
} as const;
