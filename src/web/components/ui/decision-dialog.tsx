import { useId, useState, type FormEvent } from 'react';
import { MAX_DECISION_REASON_LENGTH, screeningMessages } from '@shared/screening-constants';
import { Banner } from './banner';
import { Button } from './button';
import { DialogClose, ModalDialog } from './modal-dialog';

/**
 * Confirms an admin's decision (`label`, e.g. 'Reject') about `name`, a professional or a
 * practice (`about`); a decision that `needsReason` asks for one (required, sent to them).
 */
export function DecisionDialog({
  label,
  needsReason,
  about,
  name,
  open,
  onOpenChange,
  onSubmit,
  pending,
  error,
}: {
  label: string;
  needsReason: boolean;
  about: 'professional' | 'practice';
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsReason && !reason.trim()) {
      setReasonError(screeningMessages.reasonRequired);
      return;
    }
    setReasonError(null);
    onSubmit(reason.trim());
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setReasonError(null);
        }
        onOpenChange(next);
      }}
      title={`${label} ${name}?`}
      description={
        needsReason
          ? `The reason is recorded and sent to the ${about} by e-mail.`
          : `The decision is recorded and the ${about} is told by e-mail.`
      }
      pending={pending}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {error ? <Banner tone="error">{error}</Banner> : null}
        {needsReason ? (
          <div className="space-y-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea
              id={reasonId}
              rows={4}
              maxLength={MAX_DECISION_REASON_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 aria-invalid:border-red-700"
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} className="text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant={needsReason ? 'danger' : 'primary'} disabled={pending}>
            {pending ? 'Saving...' : label}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
