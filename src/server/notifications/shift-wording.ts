import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatHourlyRate } from '@shared/money-format';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

/** How notifications name a shift's day and hours: New Jersey wall-clock time. */
const inPractice = tz(PRACTICE_TIME_ZONE);

/** 'Tue, Dec 8' */
export function shiftDay(startTime: string | Date): string {
  return format(startTime, 'EEE, MMM d', { in: inPractice });
}

/** '8:00 AM – 4:00 PM' */
export function shiftHours(startTime: string | Date, endTime: string | Date): string {
  return `${format(startTime, 'h:mm a', { in: inPractice })} – ${format(endTime, 'h:mm a', { in: inPractice })}`;
}

/** '8:00 AM' */
export function shiftStartClock(startTime: string | Date): string {
  return format(startTime, 'h:mm a', { in: inPractice });
}

/** '$55.00/hr': the one hourly rate format (@shared/money-format), under the name notices use. */
export const hourlyRate = formatHourlyRate;
