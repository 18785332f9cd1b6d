import { format } from 'date-fns';
import { PRACTICE_TIME_ZONE } from './practice/time-zone';

/**
 * Dates and times as people read them, in one place for the web, the e-mails and the calendar
 * feeds (money is in money-format.ts). Shift dates and times are New Jersey wall-clock times,
 * shown the same whatever zone the browser or server is in.
 */

/**
 * New Jersey wall-clock formatters, each built on first use (a page's first one loads the zone's
 * data: web/lib/intl-warm-up-worker.ts builds one early, off the main thread): a date-fns format
 * in a zone asked Intl for the offset several times per call, a few per cent of the server's
 * time composing notices (decision record 045).
 */
export const practiceDateOptions: Intl.DateTimeFormatOptions = {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
};
const practiceFormats = {
  date: practiceDateOptions,
  shortDate: { timeZone: PRACTICE_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric' },
  clock: { timeZone: PRACTICE_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true },
  month: { timeZone: PRACTICE_TIME_ZONE, month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const builtFormats: Partial<Record<keyof typeof practiceFormats, Intl.DateTimeFormat>> = {};

/** The instant in New Jersey wall-clock time, as `kind` reads it ('Tue, Dec 8, 2026', …). */
function inPracticeTime(kind: keyof typeof practiceFormats, instant: string | Date): string {
  const formatter = (builtFormats[kind] ??= new Intl.DateTimeFormat(
    'en-US',
    practiceFormats[kind],
  ));
  // Newer Intl data puts a narrow no-break space before AM and PM.
  return formatter.format(new Date(instant)).replace(/\u202f/g, ' ');
}

/** 'Tue, Dec 8, 2026'. */
export function formatShiftDate(instant: string | Date): string {
  return inPracticeTime('date', instant);
}

/** 'Tue, Dec 8' (where the year only repeats: button names, e-mail subjects). */
export function formatShortShiftDate(instant: string | Date): string {
  return inPracticeTime('shortDate', instant);
}

/** '8:00 AM'. */
export function formatShiftClock(instant: string | Date): string {
  return inPracticeTime('clock', instant);
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
  return inPracticeTime('month', instant);
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
