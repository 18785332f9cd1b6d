import { aliasedTable, and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  OVERLAP_LIST_LIMIT,
  type BookingOverlapDto,
  type OverlapBookingDto,
} from '@shared/marketplace/booking-overlaps';
import { bookings, practices, professionals, shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { professionalName } from './marketplace-actors';

const firstBooking = aliasedTable(bookings, 'first_booking');
const secondBooking = aliasedTable(bookings, 'second_booking');
const firstShift = aliasedTable(shifts, 'first_shift');
const secondShift = aliasedTable(shifts, 'second_shift');
const firstPractice = aliasedTable(practices, 'first_practice');
const secondPractice = aliasedTable(practices, 'second_practice');
const firstTimesheet = aliasedTable(timesheets, 'first_timesheet');
const secondTimesheet = aliasedTable(timesheets, 'second_timesheet');

const live = ['confirmed', 'completed'] as const;

/**
 * Staff console → Overlapping bookings (issue 41): every pair of live bookings (confirmed or
 * completed) of one professional whose shifts overlap in time, the earlier-starting one first,
 * newest pairs first, with each side's timesheet. Bookings are refused such an overlap now
 * (booking-overlap.ts); these were made before. Pairs, not groups: three bookings overlapping
 * each other show as three pairs.
 */
export async function listBookingOverlaps(
  ctx: ServiceContext,
): Promise<{ overlaps: BookingOverlapDto[] }> {
  const rows = await ctx.db
    .select({
      professional: {
        id: professionals.id,
        firstName: professionals.firstName,
        lastName: professionals.lastName,
        email: professionals.email,
      },
      first: {
        bookingId: firstBooking.id,
        practiceName: firstPractice.practiceName,
        startsAt: firstShift.startsAt,
        endsAt: firstShift.endsAt,
        status: firstBooking.status,
        timesheetStatus: firstTimesheet.status,
        timesheetAmountCents: firstTimesheet.amountCents,
      },
      second: {
        bookingId: secondBooking.id,
        practiceName: secondPractice.practiceName,
        startsAt: secondShift.startsAt,
        endsAt: secondShift.endsAt,
        status: secondBooking.status,
        timesheetStatus: secondTimesheet.status,
        timesheetAmountCents: secondTimesheet.amountCents,
      },
    })
    .from(firstBooking)
    .innerJoin(firstShift, eq(firstShift.id, firstBooking.shiftId))
    .innerJoin(
      secondBooking,
      and(
        eq(secondBooking.professionalId, firstBooking.professionalId),
        inArray(secondBooking.status, [...live]),
      ),
    )
    .innerJoin(secondShift, eq(secondShift.id, secondBooking.shiftId))
    .innerJoin(professionals, eq(professionals.id, firstBooking.professionalId))
    .innerJoin(firstPractice, eq(firstPractice.id, firstShift.practiceId))
    .innerJoin(secondPractice, eq(secondPractice.id, secondShift.practiceId))
    .leftJoin(firstTimesheet, eq(firstTimesheet.bookingId, firstBooking.id))
    .leftJoin(secondTimesheet, eq(secondTimesheet.bookingId, secondBooking.id))
    .where(
      and(
        inArray(firstBooking.status, [...live]),
        // Each pair once: the earlier start first (the booking id breaks a tie).
        sql`(${firstShift.startsAt}, ${firstBooking.id}) < (${secondShift.startsAt}, ${secondBooking.id})`,
        lt(secondShift.startsAt, firstShift.endsAt),
        gt(secondShift.endsAt, firstShift.startsAt),
      ),
    )
    .orderBy(desc(firstShift.startsAt), firstBooking.id, secondBooking.id)
    .limit(OVERLAP_LIST_LIMIT);
  return {
    overlaps: rows.map((row) => ({
      professionalId: row.professional.id,
      professionalName: professionalName(row.professional),
      first: toOverlapBooking(row.first),
      second: toOverlapBooking(row.second),
    })),
  };
}

function toOverlapBooking(side: {
  bookingId: string;
  practiceName: string;
  startsAt: Date;
  endsAt: Date;
  status: OverlapBookingDto['status'];
  timesheetStatus: OverlapBookingDto['timesheetStatus'];
  timesheetAmountCents: number | null;
}): OverlapBookingDto {
  return {
    bookingId: side.bookingId,
    practiceName: side.practiceName,
    startTime: side.startsAt.toISOString(),
    endTime: side.endsAt.toISOString(),
    status: side.status,
    timesheetStatus: side.timesheetStatus,
    timesheetAmountCents: side.timesheetAmountCents,
  };
}
