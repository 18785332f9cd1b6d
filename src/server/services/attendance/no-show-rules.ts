import { NO_SHOW_AFTER_MINUTES } from '@shared/marketplace/attendance';

/* When a practice may report a no-show: one home for the check-in codes, Timesheets and the report. */

/**
 * A timesheet that does not stand in the way of a no-show: the one ChairFill submitted with the
 * scheduled hours, while undecided (nobody's claim; reporting the no-show withdraws it).
 */
export function timesheetAllowsNoShow(sheet: { submittedBy: string; status: string }): boolean {
  return sheet.submittedBy === 'scheduled' && sheet.status !== 'approved';
}

/** Whether a practice may report a no-show now: nobody checked in 30 minutes after the start. */
export function noShowMayBeReported(
  booking: { status: string; checkedInAt: Date | null },
  startsAt: Date,
  hasTimesheet: boolean,
  now: Date,
): boolean {
  return (
    booking.status === 'confirmed' &&
    booking.checkedInAt === null &&
    !hasTimesheet &&
    now.getTime() >= startsAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000
  );
}
