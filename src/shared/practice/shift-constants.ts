/**
 * Shift positions, statuses, options, messages and the ShiftDto, without the validation schemas
 * (which are in shifts.ts with zod), so the dashboard and the shift lists do not load zod.
 */
export const shiftPositions = ['Hygienist', 'Dental Assistant', 'Front Desk'] as const;
export type ShiftPosition = (typeof shiftPositions)[number];

/** Position tabs of the dashboard and the requests list ('all' shows every position). */
export const positionTabs = [
  { value: 'all', label: 'All Positions' },
  { value: 'Hygienist', label: 'Hygienists' },
  { value: 'Dental Assistant', label: 'Dental Assistants' },
  { value: 'Front Desk', label: 'Front Desk' },
] as const;

export const shiftStatuses = ['open', 'filled', 'completed', 'cancelled', 'expired'] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

/**
 * A shift's status as of `now`, the one rule for 'expired': an open shift whose start has passed
 * without anyone booked is expired (not an active request; nobody can apply, book, edit or cancel
 * it). The scheduled job 'expire-unfilled-shifts' stores it every minute and closes the pending
 * applications; this rule makes every answer exact between its runs. Its SQL twin, for answers
 * PostgreSQL builds, is shiftStatusSql (src/server/services/practice/shift-status-sql.ts).
 */
export function shiftStatusAt(
  shift: { status: ShiftStatus; startsAt: Date },
  now: Date,
): ShiftStatus {
  return shift.status === 'open' && shift.startsAt <= now ? 'expired' : shift.status;
}

export const breakTimeOptions = [
  { value: 0, label: 'No Break' },
  { value: 30, label: '30 minutes' },
  { value: 60, label: '60 minutes' },
] as const;
export const DEFAULT_BREAK_MINUTES = 30;

export const timePerPatientOptions = [30, 45, 60] as const;
export const DEFAULT_TIME_PER_PATIENT = 30;

export function usesTimePerPatient(position: string): boolean {
  return position === 'Hygienist' || position === 'Dental Assistant';
}

export const shiftMessages = {
  selectPosition: 'Please select a position',
  selectDate: 'Please select at least one date',
  selectTimes: 'Please select both start and end times',
  enterRate: 'Please enter an hourly rate',
  selectLocation: 'Please select a location',
  endAfterStart: 'End time must be after start time',
  pastDate: 'Cannot create shifts for past dates',
  /** A date of today whose start time has passed (a past day is pastDate). */
  startPassed: 'The start time has already passed.',
  dateOutOfRange: 'Shifts can be posted from today through the end of the month after next',
  created: 'Shifts created successfully!',
  createFailed: 'Failed to add shift. Please try again.',
  updated: 'Shift updated successfully',
  updateFailed: 'Failed to update shift',
  cancelled: 'Shift cancelled successfully',
  cancelFailed: 'Failed to cancel shift',
  notEditable: 'Only open shifts can be changed',
  bookedNotEditable:
    'This shift is booked, so its hours and rate cannot be changed. Cancel it with a reason, or contact the professional.',
  /** Shown in the edit form of a shift with pending applicants, before saving. */
  applicantsWithdrawnOnChange: (count: number) =>
    `${count === 1 ? '1 professional has' : `${count} professionals have`} applied for this shift. Changing the hours or rate withdraws ${count === 1 ? 'their application' : 'their applications'} and tells ${count === 1 ? 'them' : 'each of them'}, so they can apply again on the new terms.`,
  notFound: 'Shift not found',
  notCancellable: 'Only open or filled shifts can be cancelled',
  startedNotCancellable:
    'This shift has started, so it cannot be cancelled. If nobody came, report a no-show from your dashboard.',
  timeSkipped:
    'That time does not exist on the selected date (clocks move forward for daylight saving time)',
  invalidRange: 'Please give a valid range: from before to, at most 400 days apart',
  invalidMonth: 'Please give a month as YYYY-MM, for example 2027-03',
  invalidPosition: 'Please choose a position: Hygienist, Dental Assistant or Front Desk',
  invalidOffset: 'Please give an offset of 0 or more shifts',
  monthOrRange: 'Please ask for one month or for a from/to range, not both',
  monthNeeded: 'Please give the month to list (month=YYYY-MM) with a position or an offset',
  noLocations: 'No locations found. Please add a location in the Locations tab first.',
  noShifts: 'No shifts found for any position',
  noShiftsThisMonth: 'No shifts found for any position this month',
} as const;

/** 'No shifts found for Hygienist' / '... this month' for one position. */
export function noShiftsMessage(position: ShiftPosition | 'all', thisMonth: boolean): string {
  const base =
    position === 'all' ? 'No shifts found for any position' : `No shifts found for ${position}`;
  return thisMonth ? `${base} this month` : base;
}

export const MAX_SHIFT_RANGE_DAYS = 400;

/**
 * Shifts per page of a month in the practice's lists (the API's page and each 'Show more'): a
 * practice with hundreds of shifts a month gets small answers that render quickly.
 */
export const SHIFT_PAGE_SIZE = 25;
