import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatMoney } from '@shared/money';
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

/** '$55.00/h' */
export function hourlyRate(rateCents: number): string {
  return `${formatMoney(rateCents)}/h`;
}
