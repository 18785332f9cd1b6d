import { TZDate } from '@date-fns/tz';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

/**
 * react-big-calendar works in the browser's zone: it gets dates whose local wall-clock values are
 * the practice-zone ones, so a 9:00 shift in New Jersey sits at 9:00 on the calendar anywhere,
 * and the calendar's today is New Jersey's today (at 8 PM in New Jersey a browser on UTC is
 * already on the next day).
 */
function wallClockOf(zoned: TZDate): Date {
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
  );
}

/** A local Date with the practice zone's wall-clock fields, for the calendar grid. */
export function toCalendarDate(iso: string): Date {
  return wallClockOf(new TZDate(iso, PRACTICE_TIME_ZONE));
}

/** The current moment as the calendar shows it: the practice zone's wall clock. */
export function calendarNow(): Date {
  return wallClockOf(TZDate.tz(PRACTICE_TIME_ZONE));
}

/** The instant of a calendar (browser-local wall-clock) date, read as practice-zone time. */
export function fromCalendarDate(date: Date): TZDate {
  return new TZDate(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    PRACTICE_TIME_ZONE,
  );
}
