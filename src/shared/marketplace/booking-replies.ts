import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { shiftPositions, shiftStatuses } from '../practice/shift-constants';
import { applicationStatuses, bookingModes, bookingStatuses } from './booking-constants';
import { payThroughOptions } from '../money/pay-terms-constants';
import { reliabilityReply } from '../trust/reliability';

/**
 * The API's answers about applications and bookings, as zod schemas: the route declarations
 * use them (OpenAPI document, typed web client) and the DTO types are inferred from them.
 */

/** A shift's location as kept on the shift: its name, street, town and ZIP code. */
export const shiftPlaceReply = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
});

/** Whom to call about a booking: the location's (or practice's) contact, or the professional. */
export const bookingContactReply = z.object({
  /** Empty for a professional (their name is shown already). */
  pointOfContact: z.string(),
  phone: z.string(),
});

const myRatingReply = z.object({ stars: z.number().int(), comment: z.string() }).nullable();

/** The shift as both sides see it on an application or booking. */
export const shiftSummaryReply = z
  .object({
    id: z.string(),
    practiceName: z.string(),
    position: z.enum(shiftPositions),
    startTime: isoInstant,
    endTime: isoInstant,
    rateCents: z.number().int(),
    bookingMode: z.enum(bookingModes),
    /** Who pays the professional: ChairFill, or the practice's payroll as their employer (W-2). */
    payThrough: z.enum(payThroughOptions),
    status: z.enum(shiftStatuses),
    /** Where: format it with formatShiftAddress (@shared/address-format). */
    location: shiftPlaceReply,
  })
  .meta({ id: 'ShiftSummary' });

export const myApplicationReply = z
  .object({
    id: z.string(),
    status: z.enum(applicationStatuses),
    note: z.string(),
    appliedAt: isoInstant,
    shift: shiftSummaryReply,
    /** True while pending and the shift is open and has not started. */
    canWithdraw: z.boolean(),
    /**
     * While it can be withdrawn and belongs to a whole block (one professional for all dates):
     * the dates of the block they are applied for, this one included, which are withdrawn
     * together (decision record 022). Null for a single date.
     */
    blockDates: z.array(z.object({ startTime: isoInstant, endTime: isoInstant })).nullable(),
  })
  .meta({ id: 'MyApplication' });

/** A professional's booking (their schedule, upcoming list and dashboard come from these). */
export const professionalBookingReply = z
  .object({
    id: z.string(),
    status: z.enum(bookingStatuses),
    source: z.enum(['instant', 'accepted']),
    bookedAt: isoInstant,
    cancelledBy: z.enum(['professional', 'practice']).nullable(),
    cancelReason: z.string(),
    shift: shiftSummaryReply,
    /** Confirmed and not started yet. */
    canCancel: z.boolean(),
    /** Completed and not rated by the professional yet. */
    canRate: z.boolean(),
    /** The rating this professional gave the practice, if any. */
    myRating: myRatingReply,
    /**
     * Whom to call at the shift's location (its phone and point of contact, else the practice's);
     * null on a cancelled booking or when the answer does not carry it.
     */
    contact: bookingContactReply.nullable(),
  })
  .meta({ id: 'ProfessionalBooking' });

/** One applicant as the practice sees them (only for its own shifts). */
export const applicantReply = z
  .object({
    applicationId: z.string(),
    professionalId: z.string(),
    name: z.string(),
    /** GET /api/files/:id URL, readable by the practice only while the application is pending. */
    photoUrl: z.string().nullable(),
    resumeUrl: z.string().nullable(),
    position: z.string(),
    yearsOfExperience: z.number(),
    /** Labels of the certifications and skills they ticked (plus their 'other' text). */
    certifications: z.array(z.string()),
    skills: z.array(z.string()),
    /** Mean of practices' ratings (one decimal) and how many; null while there is none. */
    averageRating: z.number().nullable(),
    ratingCount: z.number().int(),
    shiftsCompleted: z.number().int(),
    /** Completed shifts, late cancellations and no-shows over the last 12 months, and the score. */
    reliability: reliabilityReply,
    note: z.string(),
    status: z.enum(applicationStatuses),
    appliedAt: isoInstant,
  })
  .meta({ id: 'Applicant' });

/** Who is booked on a practice's shift (added to the shift as `booking`). */
export const practiceBookingReply = z
  .object({
    id: z.string(),
    shiftId: z.string(),
    professionalId: z.string(),
    professionalName: z.string(),
    /** The booked professional's phone, for the practice to reach them. */
    professionalPhone: z.string(),
    status: z.enum(bookingStatuses),
    /** Completed and not yet rated by the practice. */
    canRate: z.boolean(),
    myRating: myRatingReply,
  })
  .meta({ id: 'PracticeBooking' });

/** A rating one side gave the other on a completed booking. */
export const ratingReply = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    raterSide: z.enum(['practice', 'professional']),
    stars: z.number().int(),
    comment: z.string(),
    createdAt: isoInstant,
  })
  .meta({ id: 'Rating' });

export type RatingDto = z.infer<typeof ratingReply>;
export type ShiftPlace = z.infer<typeof shiftPlaceReply>;
export type BookingContact = z.infer<typeof bookingContactReply>;
export type ShiftSummaryDto = z.infer<typeof shiftSummaryReply>;
export type MyApplicationDto = z.infer<typeof myApplicationReply>;
export type ProfessionalBookingDto = z.infer<typeof professionalBookingReply>;
export type ApplicantDto = z.infer<typeof applicantReply>;
export type PracticeBookingDto = z.infer<typeof practiceBookingReply>;
