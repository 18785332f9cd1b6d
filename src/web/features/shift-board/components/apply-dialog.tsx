import { zodResolver } from '@hookform/resolvers/zod';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { errorText } from '@web/lib/error-text';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applySchema, bookingMessages } from '@shared/marketplace/bookings';
import { postingTexts } from '@shared/trust/favourites-constants';
import type { ShiftBoardItemDto } from '@shared/professional/professional-replies';
import { FormButtons } from '@web/components/ui/form-buttons';
import { shiftSummaryText } from '@web/features/bookings/booking-text';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { TextAreaField } from '@web/components/ui/text-area-field';
import { useApplyForShift } from '../api/apply-for-shift';

/** Applying for a 'Review applicants' shift, with an optional note to the practice. */
export function ApplyDialog({
  shift,
  open,
  onOpenChange,
  onDone,
}: {
  shift: ShiftBoardItemDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the answer, sent or refused (the board has refreshed). */
  onDone: () => void;
}) {
  const apply = useApplyForShift();
  const form = useForm<{ note: string }, unknown, { note: string }>({
    resolver: zodResolver(applySchema.required()),
    defaultValues: { note: '' },
  });
  const error = form.formState.errors.note?.message;
  const close = (next: boolean) => {
    if (!next) form.reset({ note: '' });
    onOpenChange(next);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title={`Apply for this ${shift.position} shift`}
      description={`${shiftSummaryText(shift)}. The practice reviews the applicants and chooses who works the shift. ${
        shift.offer.block ? `${postingTexts.blockApplyHint(shift.offer.block.dates.length)} ` : ''
      }${payTermsTexts.professionalTerms(shift.payThrough)}`}
      pending={apply.isPending}
    >
      <form
        noValidate
        aria-label="Apply for this shift"
        className="space-y-4"
        onSubmit={form.handleSubmit(async (input) => {
          try {
            await apply.mutateAsync({ shiftId: shift.id, input });
            toast.success(bookingMessages.applied);
          } catch (failure) {
            toast.error(errorText(failure, bookingMessages.actionFailed));
          }
          close(false);
          onDone();
        })}
      >
        <TextAreaField
          label="Note to the practice (optional)"
          hint="For example, your experience with this kind of practice or when you could start."
          maxLength={1000}
          error={error}
          disabled={apply.isPending}
          {...form.register('note')}
        />
        <FormButtons
          submitLabel={apply.isPending ? 'Sending...' : 'Send Application'}
          onCancel={() => close(false)}
          disabled={apply.isPending}
          className="flex flex-wrap justify-end gap-2"
        />
      </form>
    </ModalDialog>
  );
}
