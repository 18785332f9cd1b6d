import { format } from 'date-fns';
import { PRACTICE_TIME_ZONE } from './practice/time-zone';

/**
 * Dates and times as people read them, in one place for the web, the e-mails and the calendar
 * feeds (money is in money-format.ts). Shift dates and times are New Jersey wall-clock times,
 * shown the same whatever zone the browser or server is in.
 */

/**
 * Every part of a New Jersey wall-clock date and time, from one formatter built on first use (a
 * page's first one loads the zone's data: web/lib/intl-warm-up-worker.ts builds its twin early):
 * a date-fns format in a zone asked Intl for the offset several times per call, a few per cent
 * of the server's time composing notices.
 */
export const practiceWallClockOptions: Intl.DateTimeFormatOptions = {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
let practiceParts: Intl.DateTimeFormat | undefined;
let practiceMonth: Intl.DateTimeFormat | undefined;

type WallClockPart = 'weekday' | 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod';

/** The instant's New Jersey wall-clock parts: weekday 'Tue', month 'Dec', day '8', hour '8'… */
function practiceWallClock(instant: string | Date): Record<WallClockPart, string> {
  practiceParts ??= new Intl.DateTimeFormat('en-US', practiceWallClockOptions);
  const parts: Partial<Record<string, string>> = {};
  for (const part of practiceParts.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return parts as Record<WallClockPart, string>;
}

/** 'Tue, Dec 8, 2026'. */
export function formatShiftDate(instant: string | Date): string {
  const at = practiceWallClock(instant);
  return `${at.weekday}, ${at.month} ${at.day}, ${at.year}`;
}

/** 'Tue, Dec 8' (where the year only repeats: button names, e-mail subjects). */
export function formatShortShiftDate(instant: string | Date): string {
  const at = practiceWallClock(instant);
  return `${at.weekday}, ${at.month} ${at.day}`;
}

/** '8:00 AM'. */
export function formatShiftClock(instant: string | Date): string {
  const at = practiceWallClock(instant);
  return `${at.hour}:${at.minute} ${at.dayPeriod}`;
}

/** 'Tue, Dec 8 at 3:00 PM' in New Jersey time: a moment around a shift (an offer's end). */
export function formatShiftMoment(instant: string | Date): string {
  return `${formatShortShiftDate(instant)} at ${formatShiftClock(instant)}`;
}

/** '8:00 AM – 4:00 PM'. */
export function formatShiftHours(start: string | Date, end: string | Date): string {
  return `${formatShiftClock(start)} – ${formatShiftClock(end)}`;
}

/** 'March 2027'. */
export function formatShiftMonth(instant: string | Date): string {
  practiceMonth ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PRACTICE_TIME_ZONE,
    month: 'long',
    year: 'numeric',
  });
  return practiceMonth.format(new Date(instant));
}

/**
 * 'Tue, Dec 8, 2026 at 3:05 PM' in the reader's own zone: when something happened to their
 * account (a sign-in, a screening decision), not a shift's wall-clock time.
 */
export function formatMoment(instant: string | Date): string {
  return format(new Date(instant), "EEE, MMM d, yyyy 'at' h:mm a");
}

/** '7 h 30 min', '8 h', '45 min': time worked. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
