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
  notCancellable: 'Only confirmed upcoming bookings can be cancelled',
  reasonRequired: 'Please give a reason for cancelling',
  reasonTooLong: 'The reason can be at most 500 characters',
  noteTooLong: 'The note can be at most 1000 characters',
  noApplicants: 'No applicants yet',
  loadFailed: 'Failed to load. Please try again.',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

/**
 * Why a professional who is not verified cannot book or apply, by their verification status: the
 * board's cards say it, and the API's 403 refusal too (one rule for both).
 */
export function notBookableMessage(
  status: 'pending' | 'verified' | 'rejected' | 'suspended' | null,
): string {
  return status === 'suspended' ? bookingMessages.suspended : bookingMessages.notVerified;
}
