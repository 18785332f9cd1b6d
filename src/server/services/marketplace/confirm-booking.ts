import type { Tx } from './db-transaction';
import { tellDeclined } from './decline-pending-applications';
import type { BookingRow, ShiftRow } from './fill-shift';
import { toShiftSummary } from './shift-summary';

/**
 * What follows every new booking (instant, an accepted application or block, an accepted
 * invitation), in its transaction: both sides are told, and the shift's other pending
 * applicants are declined and told (an instant shift limited to favourites or a rating may have
 * some).
 */
export async function confirmBooking(
  tx: Tx,
  input: {
    booking: BookingRow;
    shift: ShiftRow;
    /** The shift's other applicants, declined as it was filled (fillShift). */
    declinedUserIds: readonly string[];
    practiceName: string;
    practiceUserId: string;
    professionalUserId: string;
    professionalName: string;
    now: Date;
  },
): Promise<void> {
  const summary = toShiftSummary(input.shift, input.practiceName, input.now);
  // Both sides' notice is queued with the declined applicants' (one statement).
  await tellDeclined(tx, input.declinedUserIds, summary, input.now, [
    {
      kind: 'booking_confirmed',
      bookingId: input.booking.id,
      practiceUserId: input.practiceUserId,
      professionalUserId: input.professionalUserId,
      professionalName: input.professionalName,
      shift: summary,
    },
  ]);
}
