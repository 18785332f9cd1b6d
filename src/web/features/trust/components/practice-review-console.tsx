import { useState } from 'react';
import { toast } from 'sonner';
import { formatMoment } from '@shared/date-format';
import {
  practiceReviewMessages,
  practiceReviewStatuses,
  type PracticeReviewDecision,
  type PracticeReviewStatus,
} from '@shared/trust/practice-review-constants';
import type {
  PracticeForReviewDto,
  PracticeReviewDecisionDto,
} from '@shared/trust/practice-review';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { Tabs } from '@web/components/ui/tabs';
import { DecisionDialog } from '@web/components/ui/decision-dialog';
import { errorText } from '@web/lib/error-text';
import { useDecidePracticeReview, usePracticeReviewList } from '../api/practice-review';

const tabLabels: Record<PracticeReviewStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

const emptyTexts: Record<PracticeReviewStatus, string> = {
  pending: 'No practices are waiting for review.',
  verified: 'No verified practices yet.',
  rejected: 'No rejected practices.',
};

/** The actions each status offers (the server refuses any other with a 409). */
const actionsByStatus: Record<PracticeReviewStatus, PracticeReviewDecision[]> = {
  pending: ['verified', 'rejected'],
  verified: ['rejected'],
  rejected: ['verified'],
};

const actionLabels: Record<PracticeReviewDecision, string> = {
  verified: 'Verify',
  rejected: 'Reject',
};

const historyLabels: Record<PracticeReviewDecision, string> = {
  verified: 'Verified',
  rejected: 'Rejected',
};

/** The staff console's review of practices: one tab per status. */
export function PracticeReviewConsole() {
  const [status, setStatus] = useState<PracticeReviewStatus>('pending');
  const list = usePracticeReviewList(status);
  const counts = list.data?.counts;
  const tabs = practiceReviewStatuses.map((value) => ({
    value,
    label: counts ? `${tabLabels[value]} (${counts[value]})` : tabLabels[value],
  }));
  return (
    <section aria-labelledby="practice-review-heading" className="space-y-4">
      <h1 id="practice-review-heading" className="text-2xl font-bold text-ink">
        Practice review
      </h1>
      <p className="text-slate-700">
        Check each new practice, its locations and its owner before its shifts reach professionals.
        Until a practice is verified its shifts reach nobody and it can hold only a few open shifts.
      </p>
      <Tabs label="Practices by status" tabs={tabs} value={status} onChange={setStatus}>
        <QueryState
          query={list}
          failed={practiceReviewMessages.listFailed}
          loadingText="Loading…"
          empty={{
            when: (data) => data.status === status && data.practices.length === 0,
            message: emptyTexts[status],
          }}
        >
          {(data) =>
            data.status !== status ? (
              <p role="status" className="text-slate-700">
                Loading…
              </p>
            ) : (
              <div className="space-y-4">
                {data.practices.map((practice) => (
                  <PracticeReviewCard key={practice.id} practice={practice} />
                ))}
              </div>
            )
          }
        </QueryState>
      </Tabs>
    </section>
  );
}

function HistoryEntry({ entry }: { entry: PracticeReviewDecisionDto }) {
  const by = entry.admin ? entry.admin.name || entry.admin.email : 'a removed admin';
  return (
    <li className="text-sm text-slate-700">
      <span className="font-semibold text-ink">{historyLabels[entry.decision]}</span> by {by} on{' '}
      <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
      {entry.reason ? <span>: “{entry.reason}”</span> : null}
    </li>
  );
}

function PracticeReviewCard({ practice }: { practice: PracticeForReviewDto }) {
  const decide = useDecidePracticeReview();
  const [dialog, setDialog] = useState<PracticeReviewDecision | null>(null);
  const headingId = `practice-${practice.id}`;
  const details: Array<[string, string]> = [
    ['Address', practice.address || '—'],
    ['E-mail', practice.email],
    ['Phone', practice.phone || '—'],
    ['Business owner', practice.businessOwner || '—'],
    ['Point of contact', practice.pointOfContact || '—'],
    ['Mobile number', practice.mobileNumber || '—'],
    [
      'Sign-in account',
      `${practice.owner.name || '—'}, ${practice.owner.email}${practice.owner.emailVerified ? ' (e-mail confirmed)' : ' (e-mail not confirmed)'}`,
    ],
    ['Open shifts', String(practice.openShifts)],
    ['Signed up', formatMoment(practice.createdAt)],
  ];
  const submit = (decision: PracticeReviewDecision, reason: string) => {
    decide.mutate(
      { practiceId: practice.id, decision, reason },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(practiceReviewMessages.decisionSaved[decision]);
        },
      },
    );
  };
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="space-y-3">
        <h2 id={headingId} className="break-words text-lg font-bold text-ink">
          {practice.practiceName}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-ink">Locations</h3>
          {practice.locations.length ? (
            <ul className="mt-1 space-y-1 text-sm text-slate-700">
              {practice.locations.map((place, index) => (
                <li key={index} className="break-words">
                  <span className="font-medium text-ink">{place.name}</span>: {place.address}
                  {place.phone ? `, ${place.phone}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No locations.</p>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink">Decision history</h3>
          {practice.history.length ? (
            <ul className="mt-1 space-y-1">
              {practice.history.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} />
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No decisions yet.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {actionsByStatus[practice.status].map((decision) => (
            <Button
              key={decision}
              variant={decision === 'rejected' ? 'danger' : 'primary'}
              aria-label={`${actionLabels[decision]} ${practice.practiceName}`}
              onClick={() => {
                decide.reset();
                setDialog(decision);
              }}
            >
              {actionLabels[decision]}
            </Button>
          ))}
        </div>
      </div>
      {dialog ? (
        <DecisionDialog
          label={actionLabels[dialog]}
          needsReason={dialog === 'rejected'}
          about="practice"
          name={practice.practiceName}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onSubmit={(reason) => submit(dialog, reason)}
          pending={decide.isPending}
          error={
            decide.isError ? errorText(decide.error, practiceReviewMessages.decisionFailed) : null
          }
        />
      ) : null}
    </article>
  );
}
