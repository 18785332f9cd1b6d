import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { cancelBookingSchema, practiceCancelSchema } from '@shared/marketplace/bookings';
import { Banner } from '@web/components/ui/banner';
import {
  DialogButtons,
  DialogFailure,
  DialogForm,
  useDialogForm,
} from '@web/components/ui/dialog-form';
import { TextAreaField } from '@web/components/ui/text-area-field';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** A required reason (cancelling a booking) or an optional one (cancelling an open shift). */
  reasonRequired: boolean;
  /** The field's label, e.g. 'Reason for cancelling'. */
  reasonLabel: string;
  /** Under the field: who reads the reason. */
  reasonHint?: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  /**
   * Runs the action; resolves when done (the caller closes the dialog), rejects with a
   * `DialogFailure` to keep the dialog open with the reason as typed and say why inside it.
   */
  onConfirm: (reason: string) => Promise<void>;
  pending: boolean;
}

/** The practice's optional reason, as a form value that is always a string. */
const optionalReasonSchema = practiceCancelSchema.required();

/** A confirmation that asks why (cancelling a booking or a shift). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonRequired,
  reasonLabel,
  reasonHint,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  onConfirm,
  pending,
}: ReasonDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { form, close, submit } = useDialogForm<{ reason: string }, { reason: string }>({
    resolver: reasonRequired ? zodResolver(cancelBookingSchema) : zodResolver(optionalReasonSchema),
    emptyValues: { reason: '' },
    onOpenChange: (next) => {
      if (!next) setFailure(null);
      onOpenChange(next);
    },
    onSend: async ({ reason }) => {
      setFailure(null);
      try {
        await onConfirm(reason);
      } catch (error) {
        // Said inside the dialog: while it is open, the page behind it (and a toast) is hidden
        // from screen readers.
        if (error instanceof DialogFailure) setFailure(error.message);
        throw error;
      }
    },
  });
  const error = form.formState.errors.reason?.message;

  return (
    <DialogForm
      open={open}
      close={close}
      title={title}
      description={description}
      pending={pending}
      onSubmit={submit}
    >
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextAreaField
        label={reasonLabel}
        required={reasonRequired}
        hint={reasonHint}
        maxLength={500}
        error={error}
        disabled={pending}
        {...form.register('reason')}
      />
      <DialogButtons
        cancelLabel={cancelLabel}
        submitLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        onCancel={() => close(false)}
        submitVariant="danger"
      />
    </DialogForm>
  );
}
