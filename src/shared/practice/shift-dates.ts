import { TZDate } from '@date-fns/tz';
import { PRACTICE_TIME_ZONE } from './time-zone';

/**
 * Calendar arithmetic in the practices' time zone (America/New_York), shared by the server
 * (which decides) and the web (which shows the same limits in the date picker). Dates are
 * 'yyyy-MM-dd' strings, times 'HH:mm' wall-clock strings; instants are Date objects.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function dateString(year: number, monthIndex: number, day: number): string {
  return `${pad(year, 4)}-${pad(monthIndex + 1)}-${pad(day)}`;
}

/** True for a real calendar date such as '2027-02-28' (not '2027-02-30'). */
export function isCalendarDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

/** The practice-calendar date ('yyyy-MM-dd') of an instant. */
export function practiceDateOf(instant: Date): string {
  const local = new TZDate(instant.getTime(), PRACTICE_TIME_ZONE);
  return dateString(local.getFullYear(), local.getMonth(), local.getDate());
}

/** The practice-calendar year of an instant. */
export function practiceYearOf(instant: Date): number {
  return new TZDate(instant.getTime(), PRACTICE_TIME_ZONE).getFullYear();
}

/** The practice wall-clock time ('HH:mm') of an instant. */
export function practiceTimeOf(instant: Date): string {
  const local = new TZDate(instant.getTime(), PRACTICE_TIME_ZONE);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The instant of a practice wall-clock date and time, daylight saving time included; null when
 * the date is not a calendar date or the time does not exist that day (the hour skipped when
 * clocks spring forward).
 */
export function practiceInstant(date: string, time: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || !isCalendarDate(date)) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  const local = new TZDate(year, month, day, hours, minutes, 0, PRACTICE_TIME_ZONE);
  const exists =
    local.getFullYear() === year &&
    local.getMonth() === month &&
    local.getDate() === day &&
    local.getHours() === hours &&
    local.getMinutes() === minutes;
  return exists ? new Date(local.getTime()) : null;
}

/** The date `days` calendar days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return dateString(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
}

/** Midnight, practice time, on the first day of the month `now` falls in. */
export function startOfPracticeMonth(now: Date): Date {
  const local = new TZDate(now.getTime(), PRACTICE_TIME_ZONE);
  return new Date(
    new TZDate(local.getFullYear(), local.getMonth(), 1, 0, 0, 0, PRACTICE_TIME_ZONE).getTime(),
  );
}

/**
 * The last date a shift may be posted for: the end of the month after next (the picker offers
 * the current month and the next two).
 */
export function lastPostableDate(now: Date): string {
  const local = new TZDate(now.getTime(), PRACTICE_TIME_ZONE);
  // Day 0 of the month three ahead is the last day of the month two ahead.
  const end = new Date(Date.UTC(local.getFullYear(), local.getMonth() + 3, 0));
  return dateString(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
}

/**
 * Why shifts starting at these instants cannot be posted (or moved) at `now`, as the key of its
 * message in shiftMessages: 'pastDate' when a date is a day already gone, 'startPassed' when a
 * date is today and its start time has passed; null when every start is still ahead. The one
 * rule for the server and the new-shift form.
 */
export function passedStart(
  starts: readonly { date: string; start: Date }[],
  now: Date,
): 'pastDate' | 'startPassed' | null {
  const passed = starts.filter((shift) => shift.start <= now);
  if (passed.length === 0) return null;
  const today = practiceDateOf(now);
  return passed.some((shift) => shift.date < today) ? 'pastDate' : 'startPassed';
}
