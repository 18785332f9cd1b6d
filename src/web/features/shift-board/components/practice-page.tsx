import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { aboutOfficeTexts } from '@shared/trust/practice-scorecard-constants';
import { practiceScorecardTexts } from '@shared/trust/practice-scorecard-constants';
import type { PracticeProfileDto, PracticeScorecardDto } from '@shared/trust/practice-scorecard';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { usePracticeProfile } from '../api/practice-profile';

/**
 * A practice's page in the professional portal (<portal>/find-shifts/practices/:practiceId): its scorecard
 * over the last 12 months and what it says about itself, read before applying. `actions` are the
 * portal's buttons for it (Block this practice).
 */
export function PracticePage({
  actions,
}: {
  actions?: (practice: PracticeProfileDto) => ReactNode;
}) {
  const { practiceId = '' } = useParams();
  const profile = usePracticeProfile(practiceId);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  return (
    <section aria-labelledby="practice-page-heading" className="space-y-6">
      <Link
        to="../.."
        relative="path"
        className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {practiceScorecardTexts.backToShifts}
      </Link>
      <QueryState
        query={profile}
        failed={notFound ? practiceScorecardTexts.notFound : practiceScorecardTexts.loadFailed}
      >
        {(practice) => (
          <div className="space-y-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h1
                  id="practice-page-heading"
                  className="text-2xl font-bold text-ink [overflow-wrap:anywhere]"
                >
                  {practice.name}
                </h1>
                <p className="text-slate-700">
                  {[practice.city, practice.state].filter(Boolean).join(', ')}
                </p>
              </div>
              {actions ? <div className="flex flex-wrap gap-2">{actions(practice)}</div> : null}
            </div>
            <ScorecardCard scorecard={practice.scorecard} />
            <AboutCard practice={practice} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function Card({ title, aside, children }: { title: string; aside?: string; children: ReactNode }) {
  const id = `practice-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {aside ? <p className="text-sm text-slate-700">{aside}</p> : null}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ScorecardCard({ scorecard: card }: { scorecard: PracticeScorecardDto }) {
  const t = practiceScorecardTexts;
  const figures: Array<[keyof typeof t.figures, string]> = [
    ['posted', String(card.shiftsPosted)],
    ['filled', t.ofPosted(card.shiftsFilled, card.fillRate)],
    ['cancellations', t.ofFilled(card.cancellations, card.cancellationRate)],
    ['lateCancellations', t.ofFilled(card.lateCancellations, card.lateCancellationRate)],
    ['rating', t.ratingValue(card.rating.average, card.rating.count)],
    ['payout', t.payoutValue(card.payout.medianDays, card.payout.count)],
  ];
  return (
    <Card title={t.title} aside={t.window}>
      {card.isNew ? (
        <div className="mb-4">
          <p className="text-xl font-bold text-ink">{t.newPractice}</p>
          <p className="text-slate-700">{t.newHint}</p>
        </div>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm font-medium text-slate-700">{t.figures[key]}</dt>
            <dd className="text-lg font-bold text-ink">{value}</dd>
            <dd className="text-sm text-slate-700">{t.meanings[key]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function AboutCard({ practice }: { practice: PracticeProfileDto }) {
  const { about } = practice;
  const labels = aboutOfficeTexts.labels;
  const yesNo =
    about.assistantProvided === null
      ? ''
      : about.assistantProvided
        ? aboutOfficeTexts.yes
        : aboutOfficeTexts.no;
  const items: Array<[string, string, boolean?]> = [
    [labels.parking, about.parking],
    [labels.software, practice.software.join(', ')],
    [labels.patientsPerHour, about.patientsPerHour === null ? '' : String(about.patientsPerHour)],
    [labels.assistantProvided, yesNo],
    [labels.dressCode, about.dressCode],
    [labels.firstDayInstructions, about.firstDayInstructions, true],
  ];
  return (
    <Card title={aboutOfficeTexts.title}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {items.map(([term, value, wide]) => (
          <div key={term} className={wide ? 'sm:col-span-2' : undefined}>
            <dt className="text-sm font-medium text-slate-700">{term}</dt>
            <dd
              className={`whitespace-pre-line [overflow-wrap:anywhere] ${value ? 'text-ink' : 'text-slate-600 italic'}`}
            >
              {value || aboutOfficeTexts.notSaid}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
