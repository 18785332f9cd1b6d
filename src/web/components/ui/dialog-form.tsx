import type { FormEventHandler, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Button, type ButtonVariant } from './button';
import { ModalDialog } from './modal-dialog';

/**
 * A send that failed, with what to tell the user (shown inside the dialog, which stays open with
 * what was entered).
 */
export class DialogFailure extends Error {}

/**
 * The form of a dialog that sends one thing (a rating, a reason): closing the dialog clears it,
 * a send that succeeds clears it, a send that fails keeps what was entered for another try (the
 * caller shows why and keeps the dialog open).
 */
export function useDialogForm<TValues extends FieldValues, TOutput>({
  resolver,
  emptyValues,
  onOpenChange,
  onSend,
}: {
  resolver: Resolver<TValues, unknown, TOutput>;
  emptyValues: TValues;
  onOpenChange: (open: boolean) => void;
  /** Resolves when sent, rejects to stay open. */
  onSend: (values: TOutput) => Promise<void>;
}) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues: emptyValues as DefaultValues<TValues>,
  });
  const close = (next: boolean) => {
    if (!next) form.reset(emptyValues);
    onOpenChange(next);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSend(values);
      form.reset(emptyValues);
    } catch {
      // The caller shows why; the dialog stays open with what was entered.
    }
  });
  return { form, close, submit };
}

/** A modal dialog around one form named by the dialog's title. */
export function DialogForm({
  open,
  close,
  title,
  description,
  pending,
  onSubmit,
  children,
}: {
  open: boolean;
  close: (open: boolean) => void;
  title: string;
  description: ReactNode;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      pending={pending}
    >
      <form noValidate aria-label={title} className="space-y-4" onSubmit={onSubmit}>
        {children}
      </form>
    </ModalDialog>
  );
}

/** A dialog form's buttons: dismiss, then send (which says it is sending while pending). */
export function DialogButtons({
  cancelLabel,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
  submitVariant = 'primary',
}: {
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  submitVariant?: ButtonVariant;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={pending} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={submitVariant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
