import { Star, XCircle } from 'lucide-react';
import { DialogFailure } from '@web/components/ui/dialog-form';
import { errorText } from '@web/lib/error-text';
import { useState } from 'react';
import { toast } from 'sonner';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import { ratingMessages } from '@shared/marketplace/ratings';
import { contactDetails, formatShiftAddress } from '@shared/address-format';
import { formatHourlyRate } from '@shared/money-format';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import { useCancelBooking } from '../api/cancel-booking';
import { useRatePractice } from '../api/rate-practice';
import {
  cancelledByText,
  shiftDateText,
  shiftSummaryText,
  shiftTimeText,
  shortShiftDateText,
} from '../booking-text';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { RatingDialog } from './rating-dialog';
import { RatingGiven } from './rating-given';
import { LATE_CANCEL_WINDOW_HOURS } from '@shared/money/pay-terms-constants';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { MessageLink } from './message-link';
import { ReasonDialog } from './reason-dialog';
import { BookingStatusBadge } from './status-badge';

/**
 * One of the professional's bookings: the shift, its status, and what they can do with it:
 * cancel (with a reason the practice reads) before it starts, rate the practice once it is done.
 */
export function ProfessionalBookingItem({
  booking,
  headingLevel = 3,
  fallbackFocus,
}: {
  booking: ProfessionalBookingDto;
  headingLevel?: 2 | 3;
  /** Where focus goes after an action when this booking is no longer listed here. */
  fallbackFocus: () => HTMLElement | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Stable across lists: a cancelled booking moves from the upcoming list to the past one.
  const titleId = `booking-${booking.id}-title`;
  const [cancelling, setCancelling] = useState(false);
  // Read once when the booking is shown: whether cancelling is within 24 hours of the start.
  const [shownAt] = useState(() => Date.now());
  const lateCancel =
    new Date(booking.shift.startTime).getTime() - shownAt < LATE_CANCEL_WINDOW_HOURS * 3_600_000;
  const [rating, setRating] = useState(false);
  const cancel = useCancelBooking();
  const rate = useRatePractice();
  const { shift } = booking;
  const named = `${shift.position} shift on ${shortShiftDateText(shift.startTime)}`;
  // After an action the button that started it is gone: keep the focus on this booking.
  const focusBooking = () =>
    focusAfterUpdate(() => document.getElementById(titleId) ?? fallbackFocus());

  return (
    <li aria-labelledby={titleId} className="py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={titleId} tabIndex={-1} className="font-semibold text-ink">
            {shiftDateText(shift.startTime)}
          </Heading>
          <p className="text-slate-700">{shiftTimeText(shift.startTime, shift.endTime)}</p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Practice" value={shift.practiceName} />
        <Detail term="Position" value={shift.position} />
        <Detail term="Rate" value={formatHourlyRate(shift.rateCents)} />
        <Detail
          term="Location"
          value={formatShiftAddress(shift.location, shift.practiceName)}
          className="sm:col-span-2"
        />
        {booking.contact
          ? contactDetails(booking.contact).map(([term, value]) => (
              <Detail key={term} term={term} value={value} />
            ))
          : null}
        {booking.status === 'cancelled' ? (
          <Detail
            term={cancelledByText(booking.cancelledBy, 'professional')}
            value={booking.cancelReason || 'No reason given'}
            className="sm:col-span-2"
          />
        ) : null}
      </dl>
      {booking.myRating ? (
        <div className="mt-2">
          <RatingGiven rating={booking.myRating} />
        </div>
      ) : null}
      {
        <div className="mt-3 flex flex-wrap gap-2">
          <MessageLink
            side="professional"
            shiftId={shift.id}
            professionalId=""
            name={shift.practiceName}
          />
          {booking.canRate ? (
            <Button
              className="px-3 py-1.5 text-sm"
              onClick={() => setRating(true)}
              aria-label={`Rate ${shift.practiceName} for ${named}`}
            >
              <Star className="h-4 w-4" aria-hidden="true" />
              Rate practice
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm text-red-800"
              onClick={() => setCancelling(true)}
              aria-label={`Cancel booking for ${named}`}
            >
              <XCircle className="h-4 w-4" aria-hidden="true" />
              Cancel booking
            </Button>
          ) : null}
        </div>
      }

      <ReasonDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this booking?"
        description={
          <>
            <p>{`${shiftSummaryText(shift)}. The shift reopens for other professionals and the practice is told why.`}</p>
            <p className={lateCancel ? 'mt-2 font-semibold text-red-800' : 'mt-2'}>
              {lateCancel ? payTermsTexts.professionalLateCancel : payTermsTexts.professionalPolicy}
            </p>
          </>
        }
        reasonRequired
        reasonLabel="Reason for cancelling"
        reasonHint={`Shared with ${shift.practiceName}.`}
        cancelLabel="Keep Booking"
        confirmLabel="Yes, Cancel Booking"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        onConfirm={async (reason) => {
          try {
            await cancel.mutateAsync({ id: booking.id, reason });
          } catch (error) {
            throw new DialogFailure(errorText(error, bookingMessages.actionFailed));
          }
          toast.success(bookingMessages.bookingCancelled);
          setCancelling(false);
          focusBooking();
        }}
      />
      <RatingDialog
        open={rating}
        onOpenChange={setRating}
        title={`Rate ${shift.practiceName}`}
        description={`${shiftSummaryText(shift)}. Your rating counts towards the practice's average.`}
        pending={rate.isPending}
        onSubmit={async (input) => {
          try {
            await rate.mutateAsync({ bookingId: booking.id, rating: input });
          } catch (error) {
            toast.error(errorText(error, bookingMessages.actionFailed));
            throw error;
          }
          toast.success(ratingMessages.saved);
          setRating(false);
          focusBooking();
        }}
      />
    </li>
  );
}
