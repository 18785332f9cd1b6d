import { useState } from 'react';
import { toast } from 'sonner';
import { formatMoment } from '@shared/date-format';
import { fileApiPath } from '@shared/professional/files';
import { roleDescriptions } from '@shared/professional/roles';
import {
  credentialStatuses,
  credentialTexts,
  formatCredentialDate,
  type CredentialDecision,
  type CredentialStatus,
} from '@shared/trust/credentials-constants';
import type { CredentialDecisionDto, CredentialForReviewDto } from '@shared/trust/credentials';
import { Button } from '@web/components/ui/button';
import { DecisionDialog } from '@web/components/ui/decision-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { Tabs } from '@web/components/ui/tabs';
import { errorText } from '@web/lib/error-text';
import { useCredentialReview, useDecideCredential } from '../api/credentials';

const texts = credentialTexts.admin;

/** The actions each status offers (the server refuses any other with a 409). */
const actionsByStatus: Record<CredentialStatus, CredentialDecision[]> = {
  pending: ['verified', 'rejected'],
  verified: ['rejected'],
  rejected: ['verified'],
};

/** The staff console's Credentials tab: one tab per status, longest waiting first. */
export function CredentialReviewConsole() {
  const [status, setStatus] = useState<CredentialStatus>('pending');
  const list = useCredentialReview(status);
  const counts = list.data?.counts;
  const tabs = credentialStatuses.map((value) => ({
    value,
    label: counts ? `${texts.tabs[value]} (${counts[value]})` : texts.tabs[value],
  }));
  return (
    <section aria-labelledby="credential-review-heading" className="space-y-4">
      <h1 id="credential-review-heading" className="text-2xl font-bold text-ink">
        {texts.title}
      </h1>
      <p className="text-slate-700">{texts.intro}</p>
      <Tabs label="Credentials by status" tabs={tabs} value={status} onChange={setStatus}>
        <QueryState
          query={list}
          failed={texts.listFailed}
          loadingText="Loading…"
          empty={{
            when: (data) => data.status === status && data.credentials.length === 0,
            message: texts.empty[status],
          }}
        >
          {(data) =>
            data.status !== status ? (
              <p role="status" className="text-slate-700">
                Loading…
              </p>
            ) : (
              <div className="space-y-4">
                {data.credentials.map((credential) => (
                  <CredentialReviewCard key={credential.id} credential={credential} />
                ))}
              </div>
            )
          }
        </QueryState>
      </Tabs>
    </section>
  );
}

function HistoryEntry({ entry }: { entry: CredentialDecisionDto }) {
  const by = entry.admin ? entry.admin.name || entry.admin.email : 'a removed admin';
  return (
    <li className="text-sm text-slate-700">
      <span className="font-semibold text-ink">{texts.history[entry.decision]}</span> by {by} on{' '}
      <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
      {entry.reason ? <span>: “{entry.reason}”</span> : null}
    </li>
  );
}

function CredentialReviewCard({ credential }: { credential: CredentialForReviewDto }) {
  const decide = useDecideCredential();
  const [dialog, setDialog] = useState<CredentialDecision | null>(null);
  const headingId = `credential-${credential.id}`;
  const who = `${credential.professional.name} (${roleDescriptions[credential.professional.role].title})`;
  const expiry = credential.expiresOn
    ? `${formatCredentialDate(credential.expiresOn)}${credential.expired ? ` — ${credentialTexts.expired}` : ''}`
    : credentialTexts.unknownExpiry;
  const details: Array<[string, string]> = [
    ['Professional', `${who}, ${credential.professional.email}`],
    [credentialTexts.number, credential.number],
    [credentialTexts.issuingState, credential.issuingState],
    [credentialTexts.expiryLabel, expiry],
    ['Added or changed', formatMoment(credential.updatedAt)],
  ];
  const submit = (decision: CredentialDecision, reason: string) => {
    decide.mutate(
      { id: credential.id, decision, reason, seenUpdatedAt: credential.updatedAt },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(texts.saved[decision]);
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
          {credential.name}: {credential.professional.name}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
          {credential.document ? (
            <a
              className="font-medium text-brand-700 underline"
              href={fileApiPath(credential.document.id)}
              target="_blank"
              rel="noreferrer"
            >
              {credentialTexts.viewDocument}: {credential.document.name}
            </a>
          ) : (
            <span className="text-slate-600">{credentialTexts.noDocument}</span>
          )}
          {credential.lookup ? (
            <a
              className="font-medium text-brand-700 underline"
              href={credential.lookup.url}
              target="_blank"
              rel="noreferrer noopener"
            >
              {credential.lookup.label}
            </a>
          ) : (
            <span className="text-slate-600">{texts.noLookup}</span>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink">Decision history</h3>
          {credential.history.length ? (
            <ul className="mt-1 space-y-1">
              {credential.history.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} />
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No decisions yet.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {actionsByStatus[credential.status].map((decision) => (
            <Button
              key={decision}
              variant={decision === 'rejected' ? 'danger' : 'primary'}
              aria-label={`${texts.actions[decision]} ${credential.name} of ${credential.professional.name}`}
              onClick={() => {
                decide.reset();
                setDialog(decision);
              }}
            >
              {texts.actions[decision]}
            </Button>
          ))}
        </div>
      </div>
      {dialog ? (
        <DecisionDialog
          label={texts.actions[dialog]}
          needsReason={dialog === 'rejected'}
          about="professional"
          name={`${credential.name} of ${credential.professional.name}`}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onSubmit={(reason) => submit(dialog, reason)}
          pending={decide.isPending}
          error={decide.isError ? errorText(decide.error, texts.decisionFailed) : null}
        />
      ) : null}
    </article>
  );
}
