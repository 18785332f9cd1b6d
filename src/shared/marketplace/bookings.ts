import { z } from 'zod';
import { multiLineText } from '../validation/fields';
import { bookingMessages } from './booking-constants';

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

export * from './booking-constants';

export const applySchema = z.object({
  note: multiLineText({ max: 1000, tooLong: bookingMessages.noteTooLong }).default(''),
});
export type ApplyInput = z.input<typeof applySchema>;

export const cancelBookingSchema = z.object({
  reason: multiLineText({
    max: 500,
    tooLong: bookingMessages.reasonTooLong,
    required: bookingMessages.reasonRequired,
  }),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

/** The practice's cancel: a reason is optional for an open shift and required for a filled one. */
export const practiceCancelSchema = z.object({
  reason: multiLineText({ max: 500, tooLong: bookingMessages.reasonTooLong }).default(''),
});
export type PracticeCancelInput = z.input<typeof practiceCancelSchema>;
