import { and, eq, sql } from 'drizzle-orm';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import { builtOnce, nowValue } from '../../db/built-once';
import { bookings, practices, professionals, shifts } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import type { Tx } from './db-transaction';
import type { ProfessionalAccount } from '../professional/professional-account';
import { professionalName } from './marketplace-actors';
import { toProfessionalBookingDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { reopenShift } from './reopen-shift';
import { toShiftSummary } from './shift-summary';

const placeholder = sql.placeholder;

/**
 * Bookings with their shift, professional and practice name and account, the shift row to be
 * locked by the caller (`.for('update', { of: shifts })`): what cancelling a booking reads, by
 * the professional (cancelBooking) or for a suspension (releaseSuspendedProfessional).
 */
export function bookingsWithParties(db: Pick<Tx, 'select'>) {
  return db
    .select({
      booking: bookings,
      shift: shifts,
      professional: professionals,
      practiceName: practices.practiceName,
      practiceUserId: practices.userId,
    })
    .from(bookings)
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .innerJoin(practices, eq(practices.id, shifts.practiceId));
}

/**
 * The professional's booking with its shift (locked), their record and the practice. This and
 * the cancelling update are named: parsed once per connection, planned once after five runs (a
 * cancellation's server and database time -28 % on the large market, issue 19, session 22).
 */
const bookingToCancel = builtOnce(
  (db) =>
    bookingsWithParties(db)
      .where(
        and(
          eq(bookings.id, placeholder('bookingId')),
          eq(professionals.userId, placeholder('userId')),
        ),
      )
      .for('update', { of: shifts }),
  'booking_to_cancel',
);

const cancelConfirmedBooking = builtOnce(
  (db) =>
    db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'professional',
        cancelReason: sql`coalesce(${placeholder('reason')}::text, ${bookings.cancelReason})`,
        cancelledAt: nowValue,
      })
      .where(and(eq(bookings.id, placeholder('bookingId')), eq(bookings.status, 'confirmed')))
      .returning(),
  'cancel_confirmed_booking',
);

/**
 * A professional cancels their own confirmed booking of a shift that has not started, with a
 * reason: the booking is cancelled by the professional, the shift opens again for others
 * (reopenShift: their accepted application, if any, becomes withdrawn; the applicants declined
 * because it was filled may apply again and are told), and the practice is told. Someone else's booking is 404; anything but a confirmed upcoming
 * booking 409. Like every change to a shift and what hangs on it, the shift row is locked
 * first, so this and a practice's cancellation at the same moment run one after the other.
 */
export async function cancelBooking(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  bookingId: string,
  reason: string,
  now: Date = ctx.clock.now(),
): Promise<ProfessionalBookingDto> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await bookingToCancel(tx, { bookingId, userId: account.id });
    if (!found) throw marketplaceErrors.bookingNotFound();
    if (found.booking.status !== 'confirmed' || found.shift.startsAt <= now) {
      throw marketplaceErrors.notCancellable();
    }
    const [booking] = await cancelConfirmedBooking(tx, {
      bookingId,
      reason,
      now: now.toISOString(),
    });
    if (!booking) throw marketplaceErrors.notCancellable();
    // The shift opens again; the applicants turned down because it was filled may apply again.
    const current = await reopenShift(tx, {
      shift: found.shift,
      booking,
      practiceName: found.practiceName,
      now,
    });
    await notify(
      tx,
      {
        kind: 'booking_cancelled',
        bookingId,
        cancelledBy: 'professional',
        practiceUserId: found.practiceUserId,
        professionalUserId: account.id,
        professionalName: professionalName(found.professional),
        reason,
        shift: toShiftSummary(current, found.practiceName, now),
      },
      now,
    );
    return toProfessionalBookingDto(booking, current, found.practiceName, null, now);
  });
}
