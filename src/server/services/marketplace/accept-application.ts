import type { PracticeBookingDto } from '@shared/marketplace/booking-replies';
import type { ServiceContext } from '../context';
import { isVerifiedStatus } from '../screening/assert-verified-professional';
import { assertApplicantCredentialsAllow } from './credential-check';
import { openBlockSiblings, pendingBlockApplications } from './block-postings';
import { confirmBooking } from './confirm-booking';
import { bookingConflict, fillShift } from './fill-shift';
import { professionalName } from './marketplace-actors';
import { toPracticeBookingDto } from './marketplace-dtos';
import { marketplaceErrors } from './marketplace-errors';
import { applicationToAccept } from './practice-application';

/**
 * The practice accepts one pending applicant of its own open future shift: the application is
 * accepted, the shift filled with a booking (fillShift: of two accepts at the same moment
 * exactly one wins, the other gets 409 "already taken"), the other pending applicants are
 * declined, and everyone is told: booking_confirmed to both sides, application_declined to each
 * declined applicant. An applicant no longer verified cannot be booked (409). For a whole block
 * (decision record 022) the applicant's applications for its other open dates are accepted too,
 * each date booked on its own.
 */
export async function acceptApplication(
  ctx: ServiceContext,
  practiceId: string,
  applicationId: string,
  now: Date = ctx.clock.now(),
): Promise<PracticeBookingDto> {
  return bookingConflict('accepted', () =>
    ctx.db.transaction(async (tx) => {
      const found = await applicationToAccept(tx, practiceId, applicationId, now);
      // The applicant was read FOR SHARE: a suspension at the same moment either came first
      // (refused here) or waits for this booking and then cancels it.
      if (!isVerifiedStatus(found.professional.status)) {
        throw marketplaceErrors.applicantUnavailable();
      }
      assertApplicantCredentialsAllow(found.credentials);

      // A whole block: its dates are locked together, and the applicant's block is accepted.
      const siblings = await openBlockSiblings(tx, found.shift, now);
      // Lock order everywhere: the shift row first, then its applications. Of several accepts
      // at once, one fills the shift; the others wait here and find it taken.
      // The application is accepted with the booking.
      const filled = await fillShift(tx, {
        shiftId: found.shift.id,
        practiceId,
        professionalId: found.professional.id,
        applicationId,
        source: 'accepted',
        now,
      });
      const name = professionalName(found.professional);
      const parties = {
        practiceName: found.practiceName,
        practiceUserId: found.practiceUserId,
        professionalUserId: found.professional.userId,
        professionalName: name,
        now,
      };
      await confirmBooking(tx, { ...filled, ...parties });
      for (const date of await pendingBlockApplications(tx, siblings, found.professional.id)) {
        const filled = await fillShift(tx, {
          shiftId: date.shift.id,
          practiceId,
          professionalId: found.professional.id,
          applicationId: date.application.id,
          source: 'accepted',
          now,
        });
        await confirmBooking(tx, { ...filled, ...parties });
      }
      return toPracticeBookingDto(filled.booking, name, null, found.professional.phone);
    }),
  );
}
