import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

/** Shifts are wall-clock times in New Jersey, shown the same whatever zone the browser is in. */
const inPractice = tz(PRACTICE_TIME_ZONE);

/** 'Mon, Mar 3, 2025'. */
export function formatShiftDate(iso: string): string {
  return format(iso, 'EEE, MMM d, yyyy', { in: inPractice });
}

/** '9:00 AM – 5:00 PM'. */
export function formatShiftTimeRange(start: string, end: string): string {
  return `${format(start, 'h:mm a', { in: inPractice })} – ${format(end, 'h:mm a', { in: inPractice })}`;
}

/** A local Date with the practice zone's wall-clock fields, for the calendar grid. */
export function toCalendarDate(iso: string): Date {
  const zoned = new TZDate(iso, PRACTICE_TIME_ZONE);
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
  );
}
