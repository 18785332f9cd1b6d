import { z } from 'zod';
import { multiLineText } from '../validation/fields';

/**
 * Attendance and timesheets: when a professional may check in, what a timesheet may say, how
 * long the practice has to approve it, and the texts of each step. One home for the rules the
 * server enforces and the screens explain.
 */

/** Checking in opens this long before the scheduled start. */
export const CHECK_IN_OPENS_MINUTES = 30;
/** A practice may report a no-show once this long has passed since the start without a check-in. */
export const NO_SHOW_AFTER_MINUTES = 30;
/** The practice approves or disputes a submitted timesheet within this time; after it, it is approved. */
export const APPROVAL_WINDOW_HOURS = 48;
/**
 * A booking nobody submitted a timesheet for (and nobody reported as a no-show) gets one with the
 * scheduled times this long after the shift's end, which the practice then approves or disputes.
 */
export const SCHEDULED_TIMESHEET_AFTER_HOURS = 24;
/** The longest a timesheet may run, start to end. */
export const MAX_TIMESHEET_HOURS = 16;
/** Wrong check-in codes allowed per booking in a quarter of an hour. */
export const CHECK_IN_ATTEMPTS = 5;
/** A check-in code: six digits the practice reads out or shows as a QR code. */
export const CHECK_IN_CODE_PATTERN = /^\d{6}$/;

export const timesheetStatuses = ['submitted', 'approved', 'disputed'] as const;
export type TimesheetStatus = (typeof timesheetStatuses)[number];

export const timesheetStatusLabels: Record<TimesheetStatus, string> = {
  submitted: 'Waiting for approval',
  approved: 'Approved',
  disputed: 'Disputed',
};

/** Who approved a timesheet: the practice, nobody within the window (auto), or an admin's decision. */
export const timesheetApprovers = ['practice', 'auto', 'admin'] as const;
export type TimesheetApprover = (typeof timesheetApprovers)[number];

/** Who submitted it: the professional at check-out, or ChairFill with the scheduled times. */
export const timesheetSubmitters = ['professional', 'scheduled'] as const;
export type TimesheetSubmitter = (typeof timesheetSubmitters)[number];

export const attendanceMessages = {
  checkInCodeLabel: 'Check-in code',
  checkInCodeHint: 'Ask the front desk for the 6-digit code shown in their ChairFill portal.',
  codeRequired: 'Enter the 6-digit check-in code',
  wrongCode: 'That code does not match. Check the 6-digit code with the front desk.',
  tooEarly: 'You can check in from 30 minutes before the shift starts.',
  shiftEnded: 'This shift has ended.',
  notConfirmed: 'This booking is not active.',
  alreadyCheckedIn: 'You are already checked in.',
  checkedIn: 'You’re checked in. Have a great shift!',
  notCheckedIn: 'Check in first: tap “I’m here” when you arrive.',
  timesheetExists: 'A timesheet was already submitted for this shift.',
  timesheetSubmitted: 'Timesheet sent to the practice for approval.',
  startRequired: 'Enter the time you started',
  endRequired: 'Enter the time you finished',
  endBeforeStart: 'The end must be after the start.',
  tooLong: 'A timesheet can be at most 16 hours.',
  endInFuture: 'The end cannot be later than now.',
  startTooEarly: 'The start cannot be more than 2 hours before the scheduled start.',
  breakInvalid: 'Enter the break in whole minutes (0 or more)',
  breakTooLong: 'The break must be shorter than the time worked.',
  timesheetNotFound: 'Timesheet not found',
  notSubmitted: 'This timesheet was already approved or disputed.',
  notDisputed: 'Only a disputed timesheet can be resolved.',
  approved: 'Timesheet approved',
  disputed: 'Timesheet disputed. ChairFill will review it and decide.',
  disputeReasonRequired: 'Please say what is wrong with the timesheet',
  disputeReasonTooLong: 'Please keep the reason under 1000 characters',
  resolved: 'Dispute resolved',
  resolutionNoteRequired: 'Please record the decision',
  noShowReported: 'No-show reported. Nothing is charged for this shift.',
  /** The reason kept on a shift closed by a no-show. */
  noShowShiftReason: 'The professional did not come (no-show)',
  noShowTooEarly:
    'You can report a no-show from 30 minutes after the start if nobody has checked in.',
  noShowCheckedIn: 'The professional has checked in, so this is not a no-show.',
  noShowTimesheet: 'A timesheet exists for this shift, so it cannot be a no-show.',
} as const;

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
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: attendanceMessages.endBeforeStart });
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

/** An admin's decision on a disputed timesheet: the hours that stand, and why. */
export const resolveDisputeSchema = z.object({
  hours: timesheetHoursSchema,
  note: multiLineText({
    max: 1000,
    tooLong: attendanceMessages.disputeReasonTooLong,
    required: attendanceMessages.resolutionNoteRequired,
  }),
});
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** Minutes worked: start to end, less the break. */
export function workedMinutes(startedAt: Date, endedAt: Date, breakMinutes: number): number {
  return Math.round((endedAt.getTime() - startedAt.getTime()) / 60_000) - breakMinutes;
}

/** What the hours earn at an hourly rate, in whole cents (rounded half up). */
export function amountForMinutes(minutes: number, rateCents: number): number {
  return Math.round((minutes * rateCents) / 60);
}
