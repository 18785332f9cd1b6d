import { TZDate, tz } from '@date-fns/tz';
import { format, startOfMonth } from 'date-fns';
import { lastPostableDate, practiceDateOf } from '@shared/practice/shift-dates';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

/**
 * Shift dates and times are wall-clock times in the practice's zone (America/New_York), shown
 * the same whatever zone the browser is in.
 */
const inPractice = tz(PRACTICE_TIME_ZONE);

export {
  formatShiftClock as formatShiftTime,
  formatShiftDate,
  formatShiftHours as formatTimeRange,
  formatShiftMonth as monthLabel,
} from '@shared/date-format';

/** The 'HH:mm' value of a time input for an instant. */
export function toTimeInputValue(iso: string | Date): string {
  return format(iso, 'HH:mm', { in: inPractice });
}

/** 'yyyy-MM' of the practice-zone month an instant falls in (for grouping). */
export function monthKey(iso: string | Date): string {
  return format(iso, 'yyyy-MM', { in: inPractice });
}

/** The current moment as a date in the practice's zone (its getters give wall-clock values). */
export function practiceNow(): TZDate {
  return TZDate.tz(PRACTICE_TIME_ZONE);
}

/** A 'yyyy-MM-dd' practice date as a day of the date picker (noon, practice time). */
export function toPickerDate(date: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 12, 0, PRACTICE_TIME_ZONE);
}

/** 'yyyy-MM-dd' of a date, as seen in the practice's zone. */
export function toDateValue(date: Date): string {
  return format(date, 'yyyy-MM-dd', { in: inPractice });
}

/** The picker offers today through the end of the month after next (the server's own limits). */
export function postingWindow(now: Date = new Date()) {
  const firstDay = toPickerDate(practiceDateOf(now));
  const lastDay = toPickerDate(lastPostableDate(now));
  return {
    firstDay,
    lastDay,
    firstMonth: startOfMonth(firstDay),
    lastMonth: startOfMonth(lastDay),
  };
}
