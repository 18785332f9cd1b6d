import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { credentialLapseText, credentialTexts } from '@shared/trust/credentials-constants';
import { errorText } from '@web/lib/error-text';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { toast } from 'sonner';
import { bookingMessages, notBookableMessage } from '@shared/marketplace/booking-constants';
import type { ShiftBoardItemDto, ShiftBoardReply } from '@shared/professional/professional-replies';
import { formatHourlyRate } from '@shared/money-format';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { Button } from '@web/components/ui/button';
import { shiftSummaryText, shortShiftDateText } from '@web/features/bookings/booking-text';
import { ApplicationStatusBadge } from '@web/features/bookings/components/status-badge';
import { useBookShift } from '../api/book-shift';
import { WithdrawApplicationButton } from './withdraw-application-button';

// The dialogs are loaded and mounted only when opened: a board of hundreds of shifts renders just
// their buttons, and the first load carries no form library or schemas.
const ApplyDialog = lazyChunk(() =>
  import('./apply-dialog').then((m) => ({ default: m.ApplyDialog })),
);
const ConfirmDialog = lazyChunk(() =>
  import('@web/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * What a professional can do with a shift on the board, by its booking mode: 'Apply' (then
 * 'Applied' and 'Withdraw') for a 'Review applicants' shift, 'Book now' for an 'Instant book' one.
 * A professional who may not book (not verified yet, or suspended), who is booked at that time,
 * or whose required credential lapses before the shift, sees why instead.
 */
export function ShiftActions({
  shift,
  canBook,
  professionalStatus,
  onDone,
}: {
  shift: ShiftBoardItemDto;
  canBook: boolean;
  /** Why they cannot book when `canBook` is false (suspended, or not verified yet). */
  professionalStatus: ShiftBoardReply['status'];
  /** After an action's answer: focus moves back to the board (the buttons may be gone). */
  onDone: () => void;
}) {
  const [applying, setApplying] = useState(false);
  const [booking, setBooking] = useState(false);
  const book = useBookShift();
  const named = `${shift.position} shift on ${shortShiftDateText(shift.startTime)}`;

  if (!canBook) {
    return <p className="text-sm text-slate-700">{notBookableMessage(professionalStatus)}</p>;
  }

  // One of their bookings overlaps it (issue 41): said instead of offered. A pending
  // application made before stays withdrawable.
  if (shift.bookedAtThisTime && shift.myApplication?.status !== 'pending') {
    return <p className="text-sm text-slate-700">{bookingMessages.bookedAtThisTime}</p>;
  }

  // A required credential lapses before the shift: why, and where to renew it (a pending
  // application can still be withdrawn below).
  const lapse = shift.credentialLapse;
  if (lapse && shift.myApplication?.status !== 'pending') {
    return (
      <p className="w-full rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        {credentialLapseText(lapse.kind, lapse.lastDay, practiceDateOf(new Date()))}{' '}
        <Link
          to="../credentials"
          relative="path"
          className="font-semibold text-brand-800 underline"
        >
          {credentialTexts.lapseAction}
        </Link>
      </p>
    );
  }

  if (shift.bookingMode === 'instant') {
    const confirmBook = async () => {
      try {
        await book.mutateAsync(shift.id);
        toast.success(bookingMessages.booked);
      } catch (error) {
        toast.error(errorText(error, bookingMessages.actionFailed));
      }
      setBooking(false);
      onDone();
    };
    return (
      <>
        <Button onClick={() => setBooking(true)} aria-label={`Book ${named} now`}>
          Book now
        </Button>
        {booking ? (
          <Suspense fallback={null}>
            <ConfirmDialog
              open
              onOpenChange={setBooking}
              tone="primary"
              title="Book this shift?"
              description={`${shiftSummaryText(shift)}, ${formatHourlyRate(shift.rateCents)} at ${shift.location.name}. The shift is yours as soon as you book it. ${payTermsTexts.professionalTerms(shift.payThrough)}`}
              cancelLabel="Go Back"
              confirmLabel={book.isPending ? 'Booking...' : 'Book Shift'}
              pending={book.isPending}
              onConfirm={() => void confirmBook()}
            />
          </Suspense>
        ) : null}
      </>
    );
  }

  const application = shift.myApplication;
  if (application?.status === 'pending') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <ApplicationStatusBadge status="pending" />
        <WithdrawApplicationButton
          applicationId={application.id}
          shiftName={named}
          block={
            shift.offer.block
              ? { practiceName: shift.practiceName, dates: shift.offer.block.dates }
              : null
          }
          onDone={onDone}
        />
      </div>
    );
  }
  if (application && application.status !== 'withdrawn') {
    // Declined (or accepted, which fills the shift): no second application.
    return <ApplicationStatusBadge status={application.status} />;
  }
  return (
    <>
      <Button onClick={() => setApplying(true)} aria-label={`Apply for ${named}`}>
        {application?.status === 'withdrawn' ? 'Apply again' : 'Apply'}
      </Button>
      {applying ? (
        <Suspense fallback={null}>
          <ApplyDialog shift={shift} open onOpenChange={setApplying} onDone={onDone} />
        </Suspense>
      ) : null}
    </>
  );
}
