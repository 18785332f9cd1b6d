import { useState } from 'react';
import { toast } from 'sonner';
import { lateCancellationFor } from '@shared/money/pay-terms-constants';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { usePayTerms } from '../api/pay-terms';
import { errorText } from '@web/lib/error-text';
import { shiftMessages } from '@shared/practice/shift-constants';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { DialogFailure } from '@web/components/ui/dialog-form';
import { ReasonDialog } from '@web/features/bookings/components/reason-dialog';
import { useCancelShift } from '../api/cancel-shift';
import { formatShiftDate, formatTimeRange } from '../shift-time';

/**
 * 'Cancel this shift?': for an open shift a reason is optional; for a filled shift it is required,
 * since the booked professional is told the shift is cancelled and why.
 */
export function CancelShiftDialog({
  shift,
  onClose,
  onCancelled,
}: {
  /** The shift to cancel; null keeps the dialog closed. */
  shift: ShiftDto | null;
  onClose: () => void;
  /** After the shift was cancelled (the button that opened the dialog is gone). */
  onCancelled?: () => void;
}) {
  const cancelShift = useCancelShift();
  const terms = usePayTerms();
  // Read once when the dialog is first shown: what cancelling now would cost.
  const [shownAt] = useState(() => Date.now());
  const booked = shift?.status === 'filled' ? shift.booking : null;
  const late =
    shift && booked && terms.data
      ? lateCancellationFor(
          {
            startsAt: new Date(shift.startTime),
            endsAt: new Date(shift.endTime),
            rateCents: shift.rateCents,
            payThrough: shift.payThrough,
            feeBasisPoints: shift.feeBasisPoints,
          },
          terms.data.lateCancelMinutes,
          new Date(shownAt),
        )
      : null;
  const summary = shift
    ? `${shift.position} at ${shift.location.name} on ${formatShiftDate(shift.startTime)}, ${formatTimeRange(
        shift.startTime,
        shift.endTime,
      )}.`
    : '';

  return (
    <ReasonDialog
      open={shift !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cancel this shift?"
      description={
        booked ? (
          <>
            <p>{summary}</p>
            <p className="mt-2">
              {booked.professionalName} is booked on this shift. They will be told it is cancelled
              and why.
            </p>
            {late ? (
              <p className="mt-2 font-semibold text-red-800" data-testid="late-cancel-warning">
                {payTermsTexts.practiceLateCancel({ ...late, rateCents: shift!.rateCents })}
              </p>
            ) : terms.data ? (
              <p className="mt-2">{payTermsTexts.practicePolicy(terms.data)}</p>
            ) : null}
          </>
        ) : (
          summary
        )
      }
      reasonRequired={Boolean(booked)}
      reasonLabel={booked ? 'Reason for cancelling' : 'Reason (optional)'}
      reasonHint={booked ? `Shared with ${booked.professionalName}.` : undefined}
      cancelLabel="Keep Shift"
      confirmLabel="Yes, Cancel Shift"
      pendingLabel="Cancelling..."
      pending={cancelShift.isPending}
      onConfirm={async (reason) => {
        if (!shift) return;
        try {
          await cancelShift.mutateAsync({ id: shift.id, reason });
        } catch (error) {
          const detail = errorText(error, shiftMessages.cancelFailed);
          throw new DialogFailure(
            detail === shiftMessages.cancelFailed
              ? shiftMessages.cancelFailed
              : `${shiftMessages.cancelFailed}: ${detail}`,
          );
        }
        toast.success(shiftMessages.cancelled);
        onClose();
        onCancelled?.();
      }}
    />
  );
}
