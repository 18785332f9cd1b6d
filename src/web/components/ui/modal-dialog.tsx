import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  /** While an action runs the dialog cannot be dismissed, and says it is busy. */
  pending?: boolean;
  /** Wider for lists (the applicants, the sandbox banks). */
  size?: 'md' | 'lg';
  /** Where focus goes on closing when the dialog has no trigger to return to. */
  returnFocus?: () => void;
  children: ReactNode;
}

/**
 * The app's one modal dialog (Radix): focus moves inside and is trapped, Escape, the overlay and
 * the close button dismiss it (not while `pending`), focus returns to the button that opened it.
 * Forms, confirmations and choices are all built on it; nothing else opens a Radix dialog.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  pending = false,
  size = 'md',
  returnFocus,
  children,
}: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          aria-busy={pending || undefined}
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus();
                }
              : undefined
          }
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl ${
            size === 'lg' ? 'max-w-2xl' : 'max-w-md'
          }`}
        >
          <Dialog.Title className="px-6 pt-6 pr-14 text-lg font-bold text-ink">
            {title}
          </Dialog.Title>
          {description !== undefined ? (
            <Dialog.Description asChild>
              <div className="mt-2 px-6 text-slate-700">{description}</div>
            </Dialog.Description>
          ) : null}
          <div className="mt-4 overflow-y-auto px-6 pb-6">{children}</div>
          {/* Last in the tab order (the first field gets the focus), shown in the corner. */}
          <Dialog.Close
            disabled={pending}
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Wraps a button that dismisses the dialog it is in (a form's Cancel). */
export const DialogClose = Dialog.Close;
