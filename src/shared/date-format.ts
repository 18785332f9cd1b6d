import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { PRACTICE_TIME_ZONE } from './practice/time-zone';

/**
 * Dates and times as people read them, in one place for the web, the e-mails and the calendar
 * feeds (money is in money-format.ts). Shift dates and times are New Jersey wall-clock times,
 * shown the same whatever zone the browser or server is in.
 */
const inPractice = tz(PRACTICE_TIME_ZONE);

/** How many answers each New Jersey formatter keeps (then it starts again). */
const REMEMBERED = 5_000;

/**
 * A formatter in New Jersey's zone that keeps its latest answers: each call asks the zone's
 * offset of Intl, tens of microseconds, and shift times repeat (on the hour, the same shift in
 * every notice about it), so a job composing thousands of notices formatted the same few
 * hundred instants again and again (issue 41: 0.4 s of the server's one thread for a morning's
 * reminders).
 */
function rememberingAnswers(format: (instant: string | Date) => string) {
  const answers = new Map<string | number, string>();
  return (instant: string | Date): string => {
    const key = typeof instant === 'string' ? instant : instant.getTime();
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= REMEMBERED) answers.clear();
      answer = format(instant);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** 'Tue, Dec 8, 2026'. */
export const formatShiftDate = rememberingAnswers((instant) =>
  format(instant, 'EEE, MMM d, yyyy', { in: inPractice }),
);

/** 'Tue, Dec 8' (where the year only repeats: button names, e-mail subjects). */
export const formatShortShiftDate = rememberingAnswers((instant) =>
  format(instant, 'EEE, MMM d', { in: inPractice }),
);

/** '8:00 AM'. */
export const formatShiftClock = rememberingAnswers((instant) =>
  format(instant, 'h:mm a', { in: inPractice }),
);

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
  return format(instant, 'MMMM yyyy', { in: inPractice });
}

/**
 * 'Tue, Dec 8, 2026 at 3:05 PM' in the reader's own zone: when something happened to their
 * account (a sign-in, a screening decision), not a shift's wall-clock time.
 */
export function formatMoment(instant: string | Date): string {
  return format(new Date(instant), "EEE, MMM d, yyyy 'at' h:mm a");
}

/**
 * 'Tue, Dec 8, 2026 at 3:05 PM' in New Jersey time: when something happened, printed by the
 * server (a receipt, an e-mail), whose own zone is nobody's; the practices read New Jersey time.
 */
export function formatPracticeMoment(instant: string | Date): string {
  return format(instant, "EEE, MMM d, yyyy 'at' h:mm a", { in: inPractice });
}

/** '7 h 30 min', '8 h', '45 min': time worked. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
