import { z } from 'zod';
import { professionalMessages } from './messages';

export const weekDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekDay = (typeof weekDays)[number];

export interface AvailabilityEntry {
  day: WeekDay;
  /** 'HH:00', 24-hour. */
  startTime: string;
  endTime: string;
}

/** Checking a day adds this window (spec section 9). */
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '17:00';

/** The 24 choices of a day, '00:00' to '23:00'. */
export const hourChoices: readonly string[] = Array.from(
  { length: 24 },
  (_, hour) => `${String(hour).padStart(2, '0')}:00`,
);

const HOUR_PATTERN = /^([01]\d|2[0-3]):00$/;

export { formatHour } from './hour-format';

const hourField = z
  .string({ error: professionalMessages.hourOnly })
  .regex(HOUR_PATTERN, professionalMessages.hourOnly);

export const availabilityEntrySchema = z.strictObject({
  day: z.enum(weekDays, { error: professionalMessages.dayInvalid }),
  startTime: hourField,
  endTime: hourField,
});

/** The week: at most one entry per day, each ending after it starts; kept in week order. */
export const availabilitySchema = z
  .array(availabilityEntrySchema, { error: 'Availability must be a list of days' })
  .max(weekDays.length)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.day)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'day'],
          message: professionalMessages.dayRepeated,
        });
      }
      seen.add(entry.day);
      if (entry.endTime <= entry.startTime) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'endTime'],
          message: professionalMessages.endAfterStart,
        });
      }
    });
  })
  .transform((entries) =>
    [...entries].sort((a, b) => weekDays.indexOf(a.day) - weekDays.indexOf(b.day)),
  );

/** Checks or unchecks a day: checking adds 09:00 to 17:00, unchecking removes it. */
export function toggleDay(
  entries: readonly AvailabilityEntry[],
  day: WeekDay,
  checked: boolean,
): AvailabilityEntry[] {
  const without = entries.filter((entry) => entry.day !== day);
  if (!checked) return without;
  return [...without, { day, startTime: DEFAULT_START_TIME, endTime: DEFAULT_END_TIME }].sort(
    (a, b) => weekDays.indexOf(a.day) - weekDays.indexOf(b.day),
  );
}
