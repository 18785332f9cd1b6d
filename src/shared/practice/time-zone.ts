/** Practices are in New Jersey: shift dates and times are wall-clock times in this zone. */
export const PRACTICE_TIME_ZONE = 'America/New_York';
