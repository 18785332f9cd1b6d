import { and, asc, eq, gt } from 'drizzle-orm';
import { bookingMessages } from '@shared/marketplace/bookings';
import { bookings, shiftApplications, shifts } from '../../db/schema';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import type { Tx } from './db-transaction';
import { professionalName } from './marketplace-actors';
import { bookingsWithParties } from './cancel-booking';
import { reopenShift } from './reopen-shift';
import { toShiftSummary } from './shift-summary';

/**
 * A suspended professional may not work: inside the suspension's transaction, each of their
 * confirmed bookings of a shift that has not started is cancelled (the reason says the account
 * was suspended), the shift opens again (reopenShift: the applicants declined because it was
 * filled may apply again and are told) and its practice is told; their pending applications are
 * withdrawn. Shifts are locked in start order, one at a time. Returns what it did.
 */
export async function releaseSuspendedProfessional(
  tx: Tx,
  professionalId: string,
  now: Date,
): Promise<{ cancelledBookings: number; withdrawnApplications: number }> {
  const booked = await bookingsWithParties(tx)
    .where(
      and(
        eq(bookings.professionalId, professionalId),
        eq(bookings.status, 'confirmed'),
        gt(shifts.startsAt, now),
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id))
    .for('update', { of: shifts });
  let cancelledBookings = 0;
  for (const found of booked) {
    const [booking] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelReason: bookingMessages.suspendedBookingReason,
        cancelledAt: now,
      })
      .where(and(eq(bookings.id, found.booking.id), eq(bookings.status, 'confirmed')))
      .returning();
    if (!booking) continue;
    cancelledBookings += 1;
    const shift = await reopenShift(tx, {
      shift: found.shift,
      booking,
      practiceName: found.practiceName,
      now,
    });
    await notifyShiftLifecycle(tx, {
      kind: 'booking_suspended',
      practiceUserId: found.practiceUserId,
      professionalName: professionalName(found.professional),
      shift: toShiftSummary(shift, found.practiceName, now),
    });
  }
  const withdrawn = await tx
    .update(shiftApplications)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(shiftApplications.professionalId, professionalId),
        eq(shiftApplications.status, 'pending'),
      ),
    )
    .returning({ id: shiftApplications.id });
  return { cancelledBookings, withdrawnApplications: withdrawn.length };
}
