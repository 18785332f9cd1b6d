import type { PracticeBookingDto } from '@shared/marketplace/booking-replies';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import type { BookingContact } from '@shared/marketplace/booking-replies';
import type { RatingDto } from '@shared/marketplace/booking-replies';
import type { bookings, ratings, shiftApplications, shifts } from '../../db/schema';
import { toShiftSummary } from './shift-summary';

type ApplicationRow = typeof shiftApplications.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type ShiftRow = typeof shifts.$inferSelect;
type RatingRow = typeof ratings.$inferSelect;

/** Row-to-DTO shapes of applying, booking and rating: what the API answers, nothing more. */

export function toMyApplicationDto(
  application: ApplicationRow,
  shift: ShiftRow,
  practiceName: string,
  now: Date,
  /** The block's dates withdrawn with it (withdrawableBlockDates); none for a single date. */
  blockDates: ShiftRow[] = [],
): MyApplicationDto {
  const canWithdraw =
    application.status === 'pending' && shift.status === 'open' && shift.startsAt > now;
  return {
    id: application.id,
    status: application.status,
    note: application.note,
    appliedAt: application.createdAt.toISOString(),
    shift: toShiftSummary(shift, practiceName, now),
    canWithdraw,
    blockDates:
      canWithdraw && shift.wholeBlock && blockDates.length > 1
        ? blockDates.map((date) => ({
            startTime: date.startsAt.toISOString(),
            endTime: date.endsAt.toISOString(),
          }))
        : null,
  };
}

export function toMyRating(row: Pick<RatingRow, 'stars' | 'comment'> | null | undefined) {
  return row ? { stars: row.stars, comment: row.comment } : null;
}

export function toProfessionalBookingDto(
  booking: BookingRow,
  shift: ShiftRow,
  practiceName: string,
  myRating: Pick<RatingRow, 'stars' | 'comment'> | null,
  now: Date,
  /** The location's contact (booking-contacts.ts), shown while the booking is not cancelled. */
  contact: BookingContact | null = null,
): ProfessionalBookingDto {
  return {
    id: booking.id,
    status: booking.status,
    source: booking.source,
    bookedAt: booking.createdAt.toISOString(),
    cancelledBy: booking.cancelledBy,
    cancelReason: booking.cancelReason,
    shift: toShiftSummary(shift, practiceName, now),
    canCancel: booking.status === 'confirmed' && shift.startsAt > now,
    canRate: booking.status === 'completed' && !myRating,
    myRating: toMyRating(myRating),
    contact: booking.status === 'cancelled' ? null : contact,
  };
}

export function toPracticeBookingDto(
  booking: Pick<BookingRow, 'id' | 'shiftId' | 'professionalId' | 'status'>,
  professionalName: string,
  myRating: Pick<RatingRow, 'stars' | 'comment'> | null,
  professionalPhone: string,
): PracticeBookingDto {
  return {
    id: booking.id,
    shiftId: booking.shiftId,
    professionalId: booking.professionalId,
    professionalName,
    professionalPhone,
    status: booking.status,
    canRate: booking.status === 'completed' && !myRating,
    myRating: toMyRating(myRating),
  };
}

export function toRatingDto(row: RatingRow): RatingDto {
  return {
    id: row.id,
    bookingId: row.bookingId,
    raterSide: row.raterSide,
    stars: row.stars,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}
