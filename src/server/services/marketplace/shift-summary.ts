import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { shiftStatusAt } from '@shared/practice/shift-constants';
import type { shifts } from '../../db/schema';

type ShiftRow = typeof shifts.$inferSelect;

/** The shift as both sides see it on an application, a booking or a notice. */
export function toShiftSummary(
  row: ShiftRow,
  practiceName: string,
  now: Date = new Date(),
): ShiftSummaryDto {
  return {
    id: row.id,
    practiceName,
    position: row.position,
    startTime: row.startsAt.toISOString(),
    endTime: row.endsAt.toISOString(),
    rateCents: row.rateCents,
    bookingMode: row.bookingMode,
    payThrough: row.payThrough,
    status: shiftStatusAt(row, now),
    location: {
      name: row.locationName,
      address: row.locationAddress,
      city: row.locationCity,
      zipCode: row.locationZipCode,
    },
  };
}
