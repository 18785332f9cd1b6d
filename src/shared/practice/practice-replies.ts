import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { bookingModes } from '../marketplace/booking-constants';
import { payThroughOptions } from '../money/pay-terms-constants';
import { instantBookAudiences } from '../trust/favourites-constants';
import { practiceBookingReply, shiftPlaceReply } from '../marketplace/booking-replies';
import { practiceSoftwareKeys } from './office';
import { shiftPositions, shiftStatuses } from './shift-constants';
import { fillSummaryReply } from '../fill/fill-summary-reply';

/**
 * The practice portal's answers as zod schemas: the route declarations use them (OpenAPI
 * document, typed web client) and the DTO types are inferred from them.
 */

const centsOrNull = z.number().int().nullable();

export const practiceReply = z
  .object({
    id: z.string(),
    practiceName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phone: z.string(),
    email: z.string(),
    businessOwner: z.string(),
    pointOfContact: z.string(),
    mobileNumber: z.string(),
    userType: z.literal('practice'),
    createdAt: isoInstant,
    dentalSoftware: z.object({
      ...(Object.fromEntries(practiceSoftwareKeys.map((key) => [key, z.boolean()])) as Record<
        (typeof practiceSoftwareKeys)[number],
        z.ZodBoolean
      >),
      other: z.string(),
    }),
    /** Hourly maximums in cents, null when not set. */
    maxRates: z.object({
      hygienist: centsOrNull,
      dentalAssistant: centsOrNull,
      frontDesk: centsOrNull,
    }),
  })
  .meta({ id: 'Practice' });

/** The practice dashboard's figures, defined in one place (see get-practice-dashboard). */
export const practiceDashboardReply = z
  .object({
    /** Open shifts. */
    activeRequests: z.number().int(),
    /** Shifts starting in the future that are not cancelled. */
    upcomingShifts: z.number().int(),
    /** Distinct professionals booked on this practice's shifts. */
    professionalsWorkedWith: z.number().int(),
    /** Median minutes from posting a shift to its first response; null when there is none. */
    averageResponseMinutes: z.number().nullable(),
    /** Mean of the stars professionals gave this practice (one decimal); null while there is none. */
    averageRating: z.number().nullable(),
    /** How its shifts filled over the last FILL_WINDOW_DAYS days. */
    fill: fillSummaryReply,
  })
  .meta({ id: 'PracticeDashboard' });

export const locationReply = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phone: z.string(),
    email: z.string(),
    pointOfContact: z.string(),
    dentalSoftware: z.string(),
    operatoryCount: z.number().int(),
    isMainLocation: z.boolean(),
  })
  .meta({ id: 'Location' });

export const locationListReply = z.object({ locations: z.array(locationReply) });

/** A shift as the API returns it. Times are ISO instants; rates in cents. */
export const shiftReply = z
  .object({
    id: z.string(),
    practiceId: z.string(),
    practiceName: z.string(),
    position: z.enum(shiftPositions),
    startTime: isoInstant,
    endTime: isoInstant,
    rateCents: z.number().int(),
    notes: z.string(),
    status: z.enum(shiftStatuses),
    createdAt: isoInstant,
    timePerPatient: z.number().int().nullable(),
    breakTime: z.number().int(),
    location: shiftPlaceReply.extend({ id: z.string().nullable() }),
    /**
     * Open future shifts in the practice's list: verified professionals it fits, the stored
     * count (decision record 034: refreshed within seconds after a professional's change).
     */
    reach: z.number().int().optional(),
    /** An open future shift whose count is not stored yet: the shift-reach job is making it. */
    reachPending: z.literal(true).optional(),
    bookingMode: z.enum(bookingModes),
    payThrough: z.enum(payThroughOptions),
    /** ChairFill's fee on this shift, fixed when it was posted (1500 = 15%). */
    feeBasisPoints: z.number().int(),
    /** What a professional must hold to see, apply for or book it (@shared/trust/requirements). */
    requirements: z.array(z.string()),
    /** Pending applications (review mode). */
    applicantCount: z.number().int(),
    /** Who is booked (confirmed or completed), null when nobody is. */
    booking: practiceBookingReply.nullable(),
    /** Why the practice cancelled, when it did. */
    cancelReason: z.string(),
    /** Who gets it first (decision record 022). */
    offer: z.object({
      /** Offered to the practice's favourites only until then; null: to everyone. */
      favouritesFirstUntil: isoInstant.nullable(),
      instantBookFor: z.enum(instantBookAudiences),
      /** Tenths of a star, with 'min_rating'. */
      instantBookMinRatingTenths: z.number().int().nullable(),
      /** One professional for all the dates of the request it was posted with. */
      wholeBlock: z.boolean(),
    }),
  })
  .meta({ id: 'Shift' });

export const shiftListReply = z.object({ shifts: z.array(shiftReply) });

/** One page of a month's shifts (GET /api/practice/shifts?month=), newest first. */
export const shiftPageReply = z
  .object({
    shifts: z.array(shiftReply),
    /** How many shifts the month (and position) has, pages before and after this one included. */
    total: z.number().int(),
  })
  .meta({ id: 'ShiftPage' });

const monthCounts = z.object({
  all: z.number().int(),
  ...(Object.fromEntries(shiftPositions.map((position) => [position, z.number().int()])) as Record<
    (typeof shiftPositions)[number],
    z.ZodNumber
  >),
});

/** GET /api/practice/shift-months: months from the current one on with shifts, latest first. */
export const shiftMonthsReply = z
  .object({ months: z.array(z.object({ month: z.string(), counts: monthCounts })) })
  .meta({ id: 'ShiftMonths' });

export type PracticeDto = z.infer<typeof practiceReply>;
export type PracticeDashboardDto = z.infer<typeof practiceDashboardReply>;
export type LocationDto = z.infer<typeof locationReply>;
export type ShiftDto = z.infer<typeof shiftReply>;
export type ShiftPageDto = z.infer<typeof shiftPageReply>;
export type ShiftMonthsDto = z.infer<typeof shiftMonthsReply>;
export type ShiftMonthCounts = z.infer<typeof monthCounts>;
