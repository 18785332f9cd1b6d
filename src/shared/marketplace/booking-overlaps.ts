import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { bookingStatuses } from './booking-constants';
import { timesheetStatuses } from './attendance-constants';

/**
 * Staff console → Overlapping bookings (issue 41): pairs of live bookings of one professional
 * whose shifts overlap in time, made before ChairFill refused them. Each side with its
 * timesheet, if any, so staff see what was claimed twice.
 */
export const overlapBookingReply = z
  .object({
    bookingId: z.string(),
    practiceName: z.string(),
    startTime: isoInstant,
    endTime: isoInstant,
    status: z.enum(bookingStatuses),
    timesheetStatus: z.enum(timesheetStatuses).nullable(),
    timesheetAmountCents: z.number().int().nullable(),
  })
  .meta({ id: 'OverlapBooking' });

export const bookingOverlapReply = z
  .object({
    professionalId: z.string(),
    professionalName: z.string(),
    first: overlapBookingReply,
    second: overlapBookingReply,
  })
  .meta({ id: 'BookingOverlap' });

export const bookingOverlapListReply = z
  .object({ overlaps: z.array(bookingOverlapReply) })
  .meta({ id: 'BookingOverlapList' });

export type BookingOverlapDto = z.infer<typeof bookingOverlapReply>;
export type OverlapBookingDto = z.infer<typeof overlapBookingReply>;

/** How many pairs the console lists (newest shifts first). */
export const OVERLAP_LIST_LIMIT = 500;

export const bookingOverlapTexts = {
  heading: 'Overlapping bookings',
  intro:
    'Live bookings of one professional whose shifts overlap in time. ChairFill now refuses them (applying, booking, accepting, invitations), and refuses a timesheet that overlaps another; these were made before. Check the timesheets before they are paid.',
  empty: 'No overlapping bookings.',
  loadFailed: 'Failed to load the overlapping bookings. Please try again.',
  noTimesheet: 'No timesheet',
} as const;
