import { addDays, practiceDateOf, practiceInstant, practiceTimeOf } from '../practice/shift-dates';

/**
 * The constants, texts and helpers of attendance.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). attendance.ts re-exports them.
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

/**
 * 'no_show': an admin decided a disputed timesheet as a no-show; its claimed hours stay on record,
 * nothing is charged or paid for them.
 */
export const timesheetStatuses = ['submitted', 'approved', 'disputed', 'no_show'] as const;

export type TimesheetStatus = (typeof timesheetStatuses)[number];

export const timesheetStatusLabels: Record<TimesheetStatus, string> = {
  submitted: 'Waiting for approval',
  approved: 'Approved',
  disputed: 'Disputed',
  no_show: 'Decided as a no-show, not paid',
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
  /** The start is earlier than the check-in ('I'm here'), to the minute. */
  startBeforeCheckIn: (checkedIn: string) =>
    `The start cannot be before you checked in (${checkedIn}).`,
  /** The hours overlap another timesheet of the same professional. */
  overlapsTimesheet: (hours: string, date: string, practiceName: string) =>
    `These hours overlap your timesheet for ${hours} on ${date} (${practiceName}). The same time cannot be claimed twice.`,
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
  noShowDecided: 'Decided as a no-show. Nothing is charged or paid for this shift.',
} as const;

/** What the screens of the day say (headings, buttons, hints), each in one place. */
export const attendanceTexts = {
  todayHeading: 'Check-in and timesheets',
  loadFailed: 'Failed to load your check-ins. Please try again.',
  imHere: 'I’m here',
  checkOut: 'Check out',
  checkInOpensAt: (time: string) => `Check-in opens at ${time}.`,
  checkedInAt: (time: string) => `Checked in at ${time}.`,
  checkInTitle: 'Check in',
  checkInDescription: (practice: string) =>
    `Enter the code ${practice} shows for today’s shift, or scan its QR code with your camera.`,
  shareLocation: 'Also share where I am (optional, only for this check-in)',
  checkingIn: 'Checking in...',
  checkOutTitle: 'Check out and submit your timesheet',
  checkOutDescription:
    'The scheduled times are filled in. Change them if you started or finished at another time; the practice approves the timesheet.',
  startLabel: 'Start',
  endLabel: 'End',
  breakLabel: 'Break (minutes)',
  submit: 'Submit Timesheet',
  submitting: 'Submitting...',
  goBack: 'Go Back',
  timesheetLine: (status: string, hours: string, amount: string) =>
    `Timesheet: ${status} · ${hours} · ${amount}`,
  approvesAutomatically: (when: string) =>
    `Approved automatically on ${when} unless the practice approves or disputes it first.`,
  disputedBecause: (reason: string) => `Disputed: ${reason}`,
  decision: (note: string) => `ChairFill’s decision: ${note}`,
  codesHeading: 'Today’s check-in codes',
  codesHint: 'Read the code out to the professional or let them scan the QR code when they arrive.',
  codesEmpty: 'No booked shifts today.',
  codesLoadFailed: 'Failed to load today’s check-in codes. Please try again.',
  showQr: 'Show QR code',
  hideQr: 'Hide QR code',
  qrLabel: (name: string, code: string) => `QR code of check-in code ${code} for ${name}`,
  notCheckedInYet: 'Not checked in yet',
  reportNoShow: 'Report no-show',
  noShowTitle: 'Report a no-show?',
  noShowDescription: (name: string) =>
    `${name} has not checked in. The booking ends as a no-show, nothing is charged for it, and it counts against their reliability.`,
  noShowConfirm: 'Yes, Report No-Show',
  /** On ChairFill's undecided timesheet with the scheduled hours, when nobody checked in. */
  scheduledTimesheetNoShow: (name: string) =>
    `${name} did not submit a timesheet or check in, so ChairFill filled in the scheduled hours. If nobody came, report a no-show instead of approving it.`,
  reporting: 'Reporting...',
  timesheetsHeading: 'Timesheets',
  timesheetsEmpty: 'No timesheets yet. They appear here when professionals check out.',
  timesheetsLoadFailed: 'Failed to load your timesheets. Please try again.',
  approve: 'Approve',
  approving: 'Approving...',
  dispute: 'Dispute',
  disputeTitle: 'Dispute this timesheet?',
  disputeDescription:
    'ChairFill reviews it with both sides and decides the hours that stand. Nothing is charged until then.',
  disputeReasonLabel: 'What is wrong with it?',
  disputeConfirm: 'Send Dispute',
  disputing: 'Sending...',
  disputesHeading: 'Timesheet disputes',
  disputesEmpty: 'No disputed timesheets.',
  disputesLoadFailed: 'Failed to load the disputes. Please try again.',
  resolve: 'Decide',
  resolveTitle: 'Decide the hours that stand',
  resolveDescription:
    'The hours are priced at the shift’s rate. The decision is recorded and both sides see it.',
  noteLabel: 'Decision',
  resolveConfirm: 'Record Decision',
  resolving: 'Recording...',
  decideNoShow: 'No-Show',
  decideNoShowTitle: 'Decide this shift was a no-show?',
  decideNoShowDescription:
    'Nobody worked it: the timesheet is withdrawn, the booking ends as a no-show, nothing is charged or paid, and it counts against the professional’s reliability. The decision is recorded and both sides see it.',
  decideNoShowConfirm: 'Record No-Show',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

/** Minutes worked: start to end, less the break. */
export function workedMinutes(startedAt: Date, endedAt: Date, breakMinutes: number): number {
  return Math.round((endedAt.getTime() - startedAt.getTime()) / 60_000) - breakMinutes;
}

/** What the hours earn at an hourly rate, in whole cents (rounded half up). */
export function amountForMinutes(minutes: number, rateCents: number): number {
  return Math.round((minutes * rateCents) / 60);
}

/** A timesheet as the check-out form holds it: New Jersey clock times on the shift's day. */
export interface TimesheetClockHours {
  /** 'HH:MM'. */
  start: string;
  /** 'HH:MM'; earlier than the start means the next day (a shift past midnight). */
  end: string;
  breakMinutes: number;
}

/** The clock times a form proposes for a shift: its scheduled start and end. */
export function clockHoursOf(
  shiftStart: string | Date,
  shiftEnd: string | Date,
  breakMinutes: number,
): TimesheetClockHours {
  return {
    start: practiceTimeOf(new Date(shiftStart)),
    end: practiceTimeOf(new Date(shiftEnd)),
    breakMinutes,
  };
}

/**
 * The instants of clock times entered on the day of a shift (New Jersey time, daylight saving
 * included); null when a time does not exist that day.
 */
export function timesheetHoursFromClock(
  shiftStart: string | Date,
  hours: TimesheetClockHours,
): { startedAt: string; endedAt: string; breakMinutes: number } | null {
  const day = practiceDateOf(new Date(shiftStart));
  const startedAt = practiceInstant(day, hours.start);
  let endedAt = practiceInstant(day, hours.end);
  if (!startedAt || !endedAt) return null;
  if (endedAt <= startedAt) endedAt = practiceInstant(addDays(day, 1), hours.end);
  if (!endedAt) return null;
  return {
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    breakMinutes: hours.breakMinutes,
  };
}
