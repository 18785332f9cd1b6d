import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatMoney } from '@shared/money-format';
import { refundChargeSchema, type ChargeDto } from '@shared/money/money-replies';
import { moneyMessages } from '@shared/money/money-texts';
import { DialogButtons, DialogForm, useDialogForm } from '@web/components/ui/dialog-form';
import { TextAreaField } from '@web/components/ui/text-area-field';
import { errorText } from '@web/lib/error-text';
import { useRefundCharge } from '../api/admin-money';

/** The staff refund a paid charge, with the reason recorded on it. */
export function RefundDialog({
  charge,
  onOpenChange,
}: {
  charge: ChargeDto;
  onOpenChange: (open: boolean) => void;
}) {
  const refund = useRefundCharge();
  const { form, close, submit } = useDialogForm<
    z.input<typeof refundChargeSchema>,
    z.output<typeof refundChargeSchema>
  >({
    resolver: zodResolver(refundChargeSchema),
    emptyValues: { note: '' },
    onOpenChange,
    onSend: async ({ note }) => {
      try {
        await refund.mutateAsync({ id: charge.id, note });
      } catch (error) {
        toast.error(errorText(error, moneyMessages.notRefundable));
        throw error;
      }
      toast.success(moneyMessages.refunded);
      onOpenChange(false);
    },
  });
  const pending = refund.isPending || form.formState.isSubmitting;
  const payoutSent = charge.payoutStatus === 'paid';
  return (
    <DialogForm
      open
      close={close}
      title="Refund this charge"
      description={
        payoutSent
          ? `${charge.professionalName} was already paid for these hours, so ChairFill's fee of ${formatMoney(charge.feeCents)} is refunded to ${charge.practiceName}.`
          : `All ${formatMoney(charge.totalCents)} goes back to ${charge.practiceName} and ${charge.professionalName}'s payout for it is cancelled.`
      }
      pending={pending}
      onSubmit={submit}
    >
      <TextAreaField
        label="Why is it refunded?"
        required
        maxLength={1000}
        error={form.formState.errors.note?.message}
        disabled={pending}
        {...form.register('note')}
      />
      <DialogButtons
        cancelLabel="Go back"
        submitLabel="Refund"
        pendingLabel="Refunding…"
        pending={pending}
        onCancel={() => close(false)}
      />
    </DialogForm>
  );
}
