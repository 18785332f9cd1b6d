import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { employmentStatuses, licenseTypes, professionalRoles } from '../accounts';
import { applicationStatuses, bookingModes } from '../marketplace/booking-constants';
import { payThroughOptions } from '../money/pay-terms-constants';
import { shiftPlaceReply } from '../marketplace/booking-replies';
import { shiftPositions, shiftStatuses } from '../practice/shift-constants';
import { weekDays } from './availability';
import { credentialKinds } from '../trust/credentials-constants';
import { flagGroupNames } from './flag-groups';

/**
 * The professional portal's answers as zod schemas: the route declarations use them (OpenAPI
 * document, typed web client) and the DTO types are inferred from them.
 */

const verificationStatus = z.enum(['pending', 'verified', 'rejected', 'suspended']);

/** An uploaded photo or resume as the API shows it; `url` is served only to those allowed. */
export const storedFileReply = z
  .object({
    id: z.string(),
    url: z.string(),
    name: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: isoInstant,
  })
  .meta({ id: 'StoredFile' });

export const availabilityEntryReply = z.object({
  day: z.enum(weekDays),
  /** 'HH:00', 24-hour. */
  startTime: z.string(),
  endTime: z.string(),
});

const flagGroupValue = z.record(z.string(), z.union([z.boolean(), z.string()]));

/** The professional's profile: the record of spec section 3; only the role's flag groups. */
export const professionalProfileReply = z
  .object({
    role: z.enum(professionalRoles),
    position: z.string(),
    status: verificationStatus,
    /** Why the account was rejected, suspended or sent back to review; else null. */
    statusReason: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Hygienist and assistant; null for front desk. */
    licenseNumber: z.string().nullable(),
    /** Assistant only; null otherwise or when not chosen. */
    licenseType: z.enum(licenseTypes).nullable(),
    yearsOfExperience: z.number().int(),
    employmentStatus: z.enum(employmentStatuses).nullable(),
    availability: z.array(availabilityEntryReply),
    preferredLocations: z.array(z.string()),
    homeAddress: z.string(),
    homeZipCode: z.string(),
    /** Miles; null when not given. */
    travelDistance: z.number().nullable(),
    /** Integer cents per hour; null when not given. */
    minimumRateCents: z.number().int().nullable(),
    photo: storedFileReply.nullable(),
    resume: storedFileReply.nullable(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
    ...(Object.fromEntries(
      flagGroupNames.map((name) => [name, flagGroupValue.optional()]),
    ) as Record<(typeof flagGroupNames)[number], z.ZodOptional<typeof flagGroupValue>>),
  })
  .meta({ id: 'ProfessionalProfile' });

/** The professional dashboard's four figures, from this professional's own bookings. */
export const professionalDashboardReply = z
  .object({
    /** Booked shifts that have ended and were not cancelled. */
    completedShifts: z.number().int(),
    /** Booked shifts that start in the future and are not cancelled. */
    upcomingShifts: z.number().int(),
    /** Mean of the ratings practices gave; null while there is none. */
    averageRating: z.number().nullable(),
    /** Hours worked on completed shifts. */
    totalHours: z.number(),
  })
  .meta({ id: 'ProfessionalDashboard' });

/** A shift this professional is booked on, as the schedule shows it. */
export const bookedShiftReply = z
  .object({
    id: z.string(),
    /** The position, e.g. 'Hygienist'. */
    title: z.string(),
    practiceName: z.string(),
    startTime: isoInstant,
    endTime: isoInstant,
    location: shiftPlaceReply,
    status: z.enum(shiftStatuses),
  })
  .meta({ id: 'BookedShift' });

export const bookedShiftsReply = z.object({ shifts: z.array(bookedShiftReply) });

const availabilityWindowReply = availabilityEntryReply;

/** One shift on the Find Shifts board with the reasons it fits. Money in cents. */
export const shiftBoardItemReply = z
  .object({
    id: z.string(),
    /** The practice's id: its page and scorecard (GET /api/professional/practices/{id}). */
    practiceId: z.string(),
    practiceName: z.string(),
    position: z.enum(shiftPositions),
    startTime: isoInstant,
    endTime: isoInstant,
    rateCents: z.number().int(),
    notes: z.string(),
    breakTime: z.number().int(),
    timePerPatient: z.number().int().nullable(),
    location: shiftPlaceReply,
    bookingMode: z.enum(bookingModes),
    /** Who pays the professional: ChairFill, or the practice's payroll as their employer (W-2). */
    payThrough: z.enum(payThroughOptions),
    /**
     * One of this professional's bookings overlaps the shift's times: they cannot apply for or
     * book it (issue 41), and the board says so instead of offering it.
     */
    bookedAtThisTime: z.boolean(),
    /** This professional's application for the shift, if they applied (any status). */
    myApplication: z.object({ id: z.string(), status: z.enum(applicationStatuses) }).nullable(),
    /**
     * Who gets it first (decision record 022): until when it is offered to this professional
     * as one of the practice's favourites (null: everyone sees it); for an 'Instant book' shift
     * this professional may not book at once (`bookingMode` is then 'review'), why; and the
     * dates of a whole block they would apply for together.
     */
    offer: z.object({
      favouritesFirstUntil: isoInstant.nullable(),
      instantBookLimit: z
        .object({
          audience: z.enum(['favourites', 'min_rating']),
          minRatingTenths: z.number().int().nullable(),
        })
        .nullable(),
      block: z
        .object({ dates: z.array(z.object({ startTime: isoInstant, endTime: isoInstant })) })
        .nullable(),
    }),
    /**
     * A credential their role requires lapses before this shift's date (the last day it is
     * valid): the shift is listed, but booking or applying is refused until a renewed one is
     * verified (credentialLapseText says so). Null when nothing lapses.
     */
    credentialLapse: z
      .object({
        kind: z.enum(credentialKinds),
        lastDay: z.string().meta({ description: 'Calendar date', example: '2027-03-04' }),
      })
      .nullable(),
    reasons: z.object({
      /** Straight-line miles between the ZIP centroids, one decimal. */
      distanceMiles: z.number(),
      travelDistanceMiles: z.number(),
      withinTravelDistance: z.boolean(),
      rateCents: z.number().int(),
      /** The professional's minimum, null when they set none. */
      minimumRateCents: z.number().int().nullable(),
      meetsMinimumRate: z.boolean(),
      /** The availability window the shift falls in (NJ wall-clock times). */
      window: availabilityWindowReply,
    }),
  })
  .meta({ id: 'ShiftBoardItem' });

/** Find Shifts: the open future shifts that fit the signed-in professional, with why. */
export const shiftBoardReply = z
  .object({
    /** The professional's verification status; only verified professionals may book. */
    status: verificationStatus,
    canBook: z.boolean(),
    /** False when the home ZIP, travel distance or availability is missing: `message` says what. */
    profileComplete: z.boolean(),
    message: z.string().nullable(),
    filters: z.object({
      travelDistanceMiles: z.number().nullable(),
      /** The radius searched: the travel distance, or the wider filter distance. */
      maxDistanceMiles: z.number().nullable(),
      includeBelowMinimum: z.boolean(),
      minimumRateCents: z.number().int().nullable(),
    }),
    shifts: z.array(shiftBoardItemReply),
    /**
     * Shifts that fit them but require what they do not hold (decision record 022): how many,
     * and the requirement most of them name. Null when none.
     */
    requirementNote: z
      .object({
        shifts: z.number().int(),
        requirement: z.string(),
        label: z.string(),
        credential: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'ShiftBoard' });

export type StoredFileDto = z.infer<typeof storedFileReply>;
export type ProfessionalProfileDto = z.infer<typeof professionalProfileReply>;
export type ProfessionalDashboardDto = z.infer<typeof professionalDashboardReply>;
export type BookedShiftDto = z.infer<typeof bookedShiftReply>;
export type BookedShiftsReply = z.infer<typeof bookedShiftsReply>;
export type AvailabilityWindowDto = z.infer<typeof availabilityWindowReply>;
export type ShiftBoardItemDto = z.infer<typeof shiftBoardItemReply>;
export type ShiftBoardReply = z.infer<typeof shiftBoardReply>;
