import { useId, useState, type FormEvent } from 'react';
import {
  decisionNeedsReason,
  MAX_DECISION_REASON_LENGTH,
  screeningMessages,
  type VerificationDecisionKind,
} from '@shared/screening-constants';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { DialogClose, ModalDialog } from '@web/components/ui/modal-dialog';

export const decisionLabels: Record<VerificationDecisionKind, string> = {
  verified: 'Verify',
  rejected: 'Reject',
  suspended: 'Suspend',
  reinstated: 'Reinstate',
};

/**
 * Confirms a decision about `name`; rejecting and suspending ask for a reason (required, sent
 * to the professional).
 */
export function DecisionDialog({
  decision,
  name,
  open,
  onOpenChange,
  onSubmit,
  pending,
  error,
}: {
  decision: VerificationDecisionKind;
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
  const needsReason = decisionNeedsReason[decision];
  const label = decisionLabels[decision];

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
          ? 'The reason is recorded and sent to the professional by e-mail.'
          : 'The decision is recorded and the professional is told by e-mail.'
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
