import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogClose, ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the confirmed action runs: the buttons are disabled. */
  pending?: boolean;
  tone?: 'danger' | 'primary';
  /** Where focus goes when it closes (default: back to what opened it). */
  returnFocus?: () => void;
}

/** A modal question with a confirm and a dismiss button (on the one modal dialog). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  tone = 'danger',
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      pending={pending}
      {...(returnFocus ? { returnFocus } : {})}
    >
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button variant={tone} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
