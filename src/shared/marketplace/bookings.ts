import { z } from 'zod';
import type { ShiftPosition } from '../practice/shifts';

/**
 * Applying and booking: the contract between the server (services/marketplace) and both portals.
 * Routes (all JSON, ids are UUIDs):
 *
 * Professional (verified for apply/book; their own rows only)
 * - POST /api/professional/shifts/:shiftId/apply        { note? }   → 201 MyApplicationDto
 * - POST /api/professional/applications/:id/withdraw              → 200 MyApplicationDto
 * - GET  /api/professional/applications                           → { applications: MyApplicationDto[] }
 * - POST /api/professional/shifts/:shiftId/book                   → 201 ProfessionalBookingDto
 * - GET  /api/professional/bookings                               → { bookings: ProfessionalBookingDto[] }
 * - POST /api/professional/bookings/:id/cancel          { reason } → 200 ProfessionalBookingDto
 * - POST /api/professional/bookings/:id/rating   { stars, comment? } → 201 RatingDto
 *
 * Practice (its own shifts only)
 * - GET  /api/practice/shifts/:shiftId/applicants                 → { applicants: ApplicantDto[] }
 * - POST /api/practice/applications/:id/accept                    → 200 PracticeBookingDto
 * - POST /api/practice/applications/:id/decline                   → 200 ApplicantDto
 * - POST /api/practice/shifts/:shiftId/cancel           { reason? } (reason required when filled)
 * - POST /api/practice/shifts/:shiftId/rating    { stars, comment? } → 201 RatingDto
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

export const applicationStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'Applied',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const bookingStatuses = ['confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
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
  wrongPosition: 'This shift is for a different position',
  alreadyTaken: 'Sorry, another professional has just booked this shift',
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

export const applySchema = z.object({
  note: z.string().trim().max(1000, bookingMessages.noteTooLong).default(''),
});
export type ApplyInput = z.input<typeof applySchema>;

export const cancelBookingSchema = z.object({
  reason: z
    .string({ error: bookingMessages.reasonRequired })
    .trim()
    .min(1, bookingMessages.reasonRequired)
    .max(500, bookingMessages.reasonTooLong),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

/** The practice's cancel: a reason is optional for an open shift and required for a filled one. */
export const practiceCancelSchema = z.object({
  reason: z.string().trim().max(500, bookingMessages.reasonTooLong).default(''),
});
export type PracticeCancelInput = z.input<typeof practiceCancelSchema>;

/** The shift as both sides see it on an application or booking. Times are ISO instants. */
export interface ShiftSummaryDto {
  id: string;
  practiceName: string;
  position: ShiftPosition;
  startTime: string;
  endTime: string;
  rateCents: number;
  bookingMode: BookingMode;
  status: 'open' | 'filled' | 'completed' | 'cancelled';
  location: { name: string; address: string };
}

export interface MyApplicationDto {
  id: string;
  status: ApplicationStatus;
  note: string;
  appliedAt: string;
  shift: ShiftSummaryDto;
  /** True while pending and the shift is open and has not started. */
  canWithdraw: boolean;
}

/** A professional's booking (their schedule, upcoming list and dashboard come from these). */
export interface ProfessionalBookingDto {
  id: string;
  status: BookingStatus;
  source: 'instant' | 'accepted';
  bookedAt: string;
  cancelledBy: 'professional' | 'practice' | null;
  cancelReason: string;
  shift: ShiftSummaryDto;
  /** Confirmed and not started yet. */
  canCancel: boolean;
  /** Completed and not rated by the professional yet. */
  canRate: boolean;
  /** The rating this professional gave the practice, if any. */
  myRating: { stars: number; comment: string } | null;
}

/** One applicant as the practice sees them (only for its own shifts). */
export interface ApplicantDto {
  applicationId: string;
  professionalId: string;
  name: string;
  /** GET /api/files/:id URL, readable by the practice only while the application is pending. */
  photoUrl: string | null;
  resumeUrl: string | null;
  position: string;
  yearsOfExperience: number;
  /** Labels of the certifications and skills they ticked (plus their 'other' text). */
  certifications: string[];
  skills: string[];
  /** Mean of practices' ratings (one decimal) and how many; null while there is none. */
  averageRating: number | null;
  ratingCount: number;
  shiftsCompleted: number;
  note: string;
  status: ApplicationStatus;
  appliedAt: string;
}

/** Who is booked on a practice's shift (added to ShiftDto as `booking`). */
export interface PracticeBookingDto {
  id: string;
  shiftId: string;
  professionalId: string;
  professionalName: string;
  status: BookingStatus;
  /** Completed and not yet rated by the practice. */
  canRate: boolean;
  myRating: { stars: number; comment: string } | null;
}
