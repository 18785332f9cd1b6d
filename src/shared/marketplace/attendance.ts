import { z } from 'zod';
import { multiLineText } from '../validation/fields';
import {
  MAX_TIMESHEET_HOURS,
  CHECK_IN_CODE_PATTERN,
  attendanceMessages,
  timesheetHoursFromClock,
} from './attendance-constants';
/**
 * Attendance and timesheets: when a professional may check in, what a timesheet may say, how
 * long the practice has to approve it, and the texts of each step. One home for the rules the
 * server enforces and the screens explain.
 */

export * from './attendance-constants';

const instantField = (required: string) =>
  z.iso.datetime({ offset: true, error: required }).transform((value) => new Date(value));

const breakMinutesField = z
  .number({ error: attendanceMessages.breakInvalid })
  .int(attendanceMessages.breakInvalid)
  .min(0, attendanceMessages.breakInvalid)
  .max(MAX_TIMESHEET_HOURS * 60, attendanceMessages.breakTooLong);

/** The hours of a timesheet, from the professional at check-out or an admin resolving a dispute. */
export const timesheetHoursSchema = z
  .object({
    startedAt: instantField(attendanceMessages.startRequired),
    endedAt: instantField(attendanceMessages.endRequired),
    breakMinutes: breakMinutesField,
  })
  .superRefine((value, ctx) => {
    // A field that failed its own check leaves nothing to compare.
    if (!(value.startedAt instanceof Date) || !(value.endedAt instanceof Date)) return;
    if (typeof value.breakMinutes !== 'number') return;
    const minutes = (value.endedAt.getTime() - value.startedAt.getTime()) / 60_000;
    if (minutes <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['endedAt'],
        message: attendanceMessages.endBeforeStart,
      });
    } else if (minutes > MAX_TIMESHEET_HOURS * 60) {
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: attendanceMessages.tooLong });
    } else if (value.breakMinutes >= minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['breakMinutes'],
        message: attendanceMessages.breakTooLong,
      });
    }
  });

export type TimesheetHoursInput = z.input<typeof timesheetHoursSchema>;

/** "I'm here": the code the practice shows, and where the phone was, if the professional allowed it. */
export const checkInSchema = z.object({
  code: z
    .string({ error: attendanceMessages.codeRequired })
    .trim()
    .regex(CHECK_IN_CODE_PATTERN, attendanceMessages.codeRequired),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export type CheckInInput = z.input<typeof checkInSchema>;

export const disputeTimesheetSchema = z.object({
  reason: multiLineText({
    max: 1000,
    tooLong: attendanceMessages.disputeReasonTooLong,
    required: attendanceMessages.disputeReasonRequired,
  }),
});

export type DisputeTimesheetInput = z.input<typeof disputeTimesheetSchema>;

/** An admin's recorded note on a decision. */
const resolutionNote = multiLineText({
  max: 1000,
  tooLong: attendanceMessages.disputeReasonTooLong,
  required: attendanceMessages.resolutionNoteRequired,
});

/** An admin's decision on a disputed timesheet: the hours that stand, and why. */
export const resolveDisputeSchema = z.object({
  hours: timesheetHoursSchema,
  note: resolutionNote,
});

export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** An admin's decision that a disputed timesheet's shift was a no-show, and why. */
export const noShowDecisionSchema = z.object({ note: resolutionNote });

export type NoShowDecisionInput = z.input<typeof noShowDecisionSchema>;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The check-out form (and an admin's decision) as entered: clock times on the shift's day and a
 * break in minutes, turned into the instants the API takes and checked by the same rules
 * (timesheetHoursSchema), each message on the field it concerns.
 */
export function timesheetClockSchema(shiftStart: string | Date) {
  return z
    .object({
      start: z.string().regex(CLOCK_TIME, attendanceMessages.startRequired),
      end: z.string().regex(CLOCK_TIME, attendanceMessages.endRequired),
      breakMinutes: z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, attendanceMessages.breakInvalid)
        .transform(Number),
    })
    .transform((value, ctx) => {
      const hours = timesheetHoursFromClock(shiftStart, value);
      if (!hours) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: attendanceMessages.endRequired });
        return z.NEVER;
      }
      const checked = timesheetHoursSchema.safeParse(hours);
      if (!checked.success) {
        const fieldOf = { startedAt: 'start', endedAt: 'end', breakMinutes: 'breakMinutes' };
        for (const issue of checked.error.issues) {
          const field = fieldOf[issue.path[0] as keyof typeof fieldOf] ?? 'end';
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
        return z.NEVER;
      }
      return hours;
    });
}

export type TimesheetClockInput = z.input<ReturnType<typeof timesheetClockSchema>>;
