import { formatShiftHours, formatShortShiftDate } from '../date-format';

/**
 * Booking modes, statuses, labels, messages and DTOs, without the validation schemas (which are
 * in bookings.ts with zod), so screens that only show bookings do not load zod.
 */
export const bookingModes = ['review', 'instant'] as const;
export type BookingMode = (typeof bookingModes)[number];
export const DEFAULT_BOOKING_MODE: BookingMode = 'review';

export const bookingModeLabels: Record<BookingMode, string> = {
  review: 'Review applicants',
  instant: 'Instant book',
};

export const bookingModeHints: Record<BookingMode, string> = {
  review: 'Professionals apply and you choose who works the shift.',
  instant: 'The first verified professional to book gets the shift.',
};

/** 'expired': still pending when the shift started unfilled (closed by the scheduled job). */
export const applicationStatuses = [
  'pending',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'Applied',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** 'no_show': the practice reported that nobody came (nothing is charged). */
export const bookingStatuses = ['confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const bookingMessages = {
  applied: 'Application sent',
  withdrawn: 'Application withdrawn',
  booked: 'Shift booked! It is on your schedule.',
  accepted: 'Applicant accepted. The shift is filled.',
  declined: 'Applicant declined',
  bookingCancelled: 'Booking cancelled',
  shiftNotFound: 'Shift not found',
  applicationNotFound: 'Application not found',
  bookingNotFound: 'Booking not found',
  notVerified: 'You can book shifts once your account is verified.',
  suspended:
    'Your account is suspended, so you cannot book or apply for shifts. Please contact support.',
  /** The reason kept on a booking cancelled because its professional was suspended. */
  suspendedBookingReason: 'The professional’s account was suspended',
  wrongPosition: 'This shift is for a different position',
  /** To a professional who lost the race to book or be accepted. */
  alreadyTaken: 'Sorry, another professional has just booked this shift',
  /** To a practice whose accept lost the race (another accept filled the shift first). */
  alreadyFilled: 'This shift has just been filled. Refresh to see who booked it.',
  notOpen: 'This shift is no longer open',
  alreadyStarted: 'This shift has already started',
  alreadyApplied: 'You have already applied for this shift',
  useApply: 'This shift takes applications: apply and the practice will choose',
  useBook: 'This shift is booked instantly: book it instead of applying',
  notPending: 'This application has already been decided or withdrawn',
  applicantUnavailable: 'This professional can no longer be booked',
  /** Find Shifts: a shift whose times overlap one of the professional's bookings. */
  bookedAtThisTime: 'You’re booked at this time',
  notCancellable: 'Only confirmed upcoming bookings can be cancelled',
  reasonRequired: 'Please give a reason for cancelling',
  reasonTooLong: 'The reason can be at most 500 characters',
  noteTooLong: 'The note can be at most 1000 characters',
  noApplicants: 'No applicants yet',
  loadFailed: 'Failed to load. Please try again.',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

/** The other booking an overlapping one is refused for (its New Jersey times). */
export interface OverlappingBooking {
  startTime: string | Date;
  endTime: string | Date;
  practiceName: string;
}

/**
 * To a professional applying for, booking or accepting an invitation to a shift whose times
 * overlap one of their bookings: 'You are already booked 5:00 PM – 8:00 PM on Tue, Dec 1 (Maple
 * Grove Dental), so you cannot take this shift.' (their own booking: its practice is theirs to
 * read).
 */
export function overlappingBookingMessage(other: OverlappingBooking): string {
  return `You are already booked ${formatShiftHours(other.startTime, other.endTime)} on ${formatShortShiftDate(other.startTime)} (${other.practiceName}), so you cannot take this shift.`;
}

/**
 * To a practice accepting an applicant who is booked elsewhere at that time: the date and hours,
 * never the other practice.
 */
export function applicantOverlapMessage(other: OverlappingBooking): string {
  return `This professional is already booked at that time (${formatShortShiftDate(other.startTime)}, ${formatShiftHours(other.startTime, other.endTime)}), so they cannot be booked for this shift.`;
}

/**
 * Why a professional who is not verified cannot book or apply, by their verification status: the
 * board's cards say it, and the API's 403 refusal too (one rule for both).
 */
export function notBookableMessage(
  status: 'pending' | 'verified' | 'rejected' | 'suspended' | null,
): string {
  return status === 'suspended' ? bookingMessages.suspended : bookingMessages.notVerified;
}
