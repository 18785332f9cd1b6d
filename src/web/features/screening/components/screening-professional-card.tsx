import { formatMoment } from '@shared/date-format';
import { FileText, UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { roleTitleByRole } from '@shared/accounts';
import {
  decisionNeedsReason,
  screeningMessages,
  type DecisionHistoryKind,
  type ProfessionalStatus,
  type VerificationDecisionKind,
} from '@shared/screening-constants';
import type { ScreeningProfessionalDto, VerificationDecisionDto } from '@shared/screening-replies';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useDecideVerification } from '../api/decide-verification';
import { DecisionDialog } from '@web/components/ui/decision-dialog';

const decisionLabels: Record<VerificationDecisionKind, string> = {
  verified: 'Verify',
  rejected: 'Reject',
  suspended: 'Suspend',
  reinstated: 'Reinstate',
};

/** The actions each status offers (the server refuses any other with a 409). */
const actionsByStatus: Record<ProfessionalStatus, VerificationDecisionKind[]> = {
  pending: ['verified', 'rejected'],
  verified: ['suspended'],
  rejected: ['verified'],
  suspended: ['reinstated'],
};

const historyLabels: Record<DecisionHistoryKind, string> = {
  verified: 'Verified',
  rejected: 'Rejected',
  suspended: 'Suspended',
  reinstated: 'Reinstated',
  changed: 'Sent back to review',
};

function when(iso: string): string {
  return formatMoment(iso);
}

function fullName(pro: ScreeningProfessionalDto): string {
  return [pro.firstName, pro.lastName].filter(Boolean).join(' ') || pro.email;
}

function HistoryEntry({ entry }: { entry: VerificationDecisionDto }) {
  // 'changed': the professional's own save sent them back to review (no admin decided it).
  const by =
    entry.decision === 'changed'
      ? null
      : entry.admin
        ? entry.admin.name || entry.admin.email
        : 'a removed admin';
  return (
    <li className="text-sm text-slate-700">
      <span className="font-semibold text-ink">{historyLabels[entry.decision]}</span>
      {by ? ` by ${by}` : ' after the professional’s own change'} on{' '}
      <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
      {entry.reason ? <span>: “{entry.reason}”</span> : null}
    </li>
  );
}

/** One professional in a console tab: what to check, the decisions taken so far, the actions. */
export function ScreeningProfessionalCard({ pro }: { pro: ScreeningProfessionalDto }) {
  const name = fullName(pro);
  const decide = useDecideVerification();
  const [dialog, setDialog] = useState<VerificationDecisionKind | null>(null);
  const headingId = `professional-${pro.id}`;
  const details: Array<[string, string]> = [
    ['Role', roleTitleByRole[pro.role]],
    ['E-mail', pro.email],
    ['Phone', pro.phone || '—'],
    ['License number', pro.licenseNumber || (pro.role === 'front-desk' ? 'Not required' : '—')],
    ['License type', pro.licenseType ?? (pro.role === 'assistant' ? '—' : 'Not applicable')],
    ['Years of experience', String(pro.yearsOfExperience)],
    ['Signed up', when(pro.createdAt)],
  ];

  const submit = (decision: VerificationDecisionKind, reason: string) => {
    decide.mutate(
      { professionalId: pro.id, decision, reason },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(screeningMessages.decisionSaved[decision]);
        },
      },
    );
  };
  const errorText =
    decide.error instanceof ApiError && decide.error.message
      ? decide.error.message
      : decide.isError
        ? screeningMessages.decisionFailed
        : null;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        {pro.photo ? (
          <img
            src={pro.photo.url}
            alt={`Photo of ${name}`}
            className="h-24 w-24 shrink-0 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <div
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500"
            role="img"
            aria-label="No photo"
          >
            <UserRound className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-3">
          <h2 id={headingId} className="text-lg font-bold text-ink">
            {name}
          </h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm">
            {pro.resume ? (
              <a
                href={pro.resume.url}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <FileText className="h-4 w-4" aria-hidden="true" />
                Resume: {pro.resume.name}
              </a>
            ) : (
              <span className="text-slate-600">No resume uploaded</span>
            )}
          </p>
          <div>
            <h3 className="text-sm font-semibold text-ink">Decision history</h3>
            {pro.history.length ? (
              <ul className="mt-1 space-y-1">
                {pro.history.map((entry) => (
                  <HistoryEntry key={entry.id} entry={entry} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-600">No decisions yet.</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {actionsByStatus[pro.status].map((decision) => (
              <Button
                key={decision}
                variant={decision === 'rejected' || decision === 'suspended' ? 'danger' : 'primary'}
                aria-label={`${decisionLabels[decision]} ${name}`}
                onClick={() => {
                  decide.reset();
                  setDialog(decision);
                }}
              >
                {decisionLabels[decision]}
              </Button>
            ))}
          </div>
        </div>
      </div>
      {dialog ? (
        <DecisionDialog
          label={decisionLabels[dialog]}
          needsReason={decisionNeedsReason[dialog]}
          about="professional"
          name={name}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onSubmit={(reason) => submit(dialog, reason)}
          pending={decide.isPending}
          error={errorText}
        />
      ) : null}
    </article>
  );
}
