import { TZDate } from '@date-fns/tz';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

export { formatShiftDate, formatShiftHours as formatShiftTimeRange } from '@shared/date-format';

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
