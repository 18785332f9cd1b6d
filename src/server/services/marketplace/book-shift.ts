import { and, eq, inArray } from 'drizzle-orm';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import { bookings } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { confirmBooking } from './confirm-booking';
import { bookingConflict, fillShift } from './fill-shift';
import { verifiedProfessional } from './marketplace-actors';
import { toProfessionalBookingDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { assertStillOpen, shiftToTake } from './shift-to-take';

/**
 * Instant booking: a verified professional books an open future 'Instant book' shift of their
 * position and gets it at once. Of several professionals booking the same shift at the same
 * moment exactly one wins (fillShift); the others get 409 "another professional has just booked
 * this shift" and nothing is changed for them. Both sides are told.
 */
export async function bookShift(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  shiftId: string,
  now: Date = ctx.clock.now(),
): Promise<ProfessionalBookingDto> {
  return bookingConflict('instant', () =>
    ctx.db.transaction(async (tx) => {
      const professional = await verifiedProfessional(tx, account);
      const found = await shiftToTake(tx, shiftId, professional, now);
      // A 'Review applicants' shift, or an 'Instant book' one kept for others: they apply (the
      // refusal says why).
      if (!found.mayBookAtOnce) {
        const { bookingMode, instantBookFor, instantBookMinRatingTenths } = found.shift;
        throw bookingMode === 'instant' && instantBookFor !== 'everyone'
          ? marketplaceErrors.instantKeptFor(instantBookFor, instantBookMinRatingTenths)
          : marketplaceErrors.useApply();
      }
      if (found.shift.status === 'filled') {
        const [live] = await tx
          .select({ professionalId: bookings.professionalId })
          .from(bookings)
          .where(
            and(
              eq(bookings.shiftId, shiftId),
              inArray(bookings.status, ['confirmed', 'completed']),
            ),
          );
        // Their own booking: the shift is simply no longer open to book.
        throw live?.professionalId === professional.id
          ? marketplaceErrors.notOpen()
          : marketplaceErrors.alreadyTaken();
      }
      assertStillOpen(found.shift, now);

      const filled = await fillShift(tx, {
        shiftId,
        practiceId: found.shift.practiceId,
        professionalId: professional.id,
        source: 'instant',
        now,
      });
      await confirmBooking(tx, {
        ...filled,
        practiceName: found.practiceName,
        practiceUserId: found.practiceUserId,
        professionalUserId: professional.userId,
        professionalName: professional.name,
        now,
      });
      return toProfessionalBookingDto(filled.booking, filled.shift, found.practiceName, null, now);
    }),
  );
}
