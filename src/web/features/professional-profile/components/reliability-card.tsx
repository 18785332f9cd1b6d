import { reliabilityTexts } from '@shared/trust/reliability-constants';
import type { ReliabilityDto } from '@shared/trust/reliability';
import { QueryState } from '@web/components/ui/query-state';
import { useOwnReliability } from '../api/reliability';

const parts = ['completed', 'lateCancellations', 'noShows'] as const;

/**
 * "Your reliability" on the professional's dashboard: the score, its three parts over the last
 * 12 months with what each one is, and what changes it.
 */
export function ReliabilityCard() {
  const reliability = useOwnReliability();
  return (
    <section
      aria-labelledby="reliability-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reliability-heading" className="text-lg font-semibold text-ink">
          {reliabilityTexts.ownTitle}
        </h2>
        <p className="text-sm text-slate-700">{reliabilityTexts.window}</p>
      </div>
      <div className="mt-2">
        <QueryState
          query={reliability}
          failed={reliabilityTexts.loadFailed}
          loadingText={reliabilityTexts.loading}
        >
          {(data) => <ReliabilityFigures reliability={data} />}
        </QueryState>
      </div>
    </section>
  );
}

function ReliabilityFigures({ reliability }: { reliability: ReliabilityDto }) {
  return (
    <div className="space-y-4">
      {reliability.score === null ? (
        <div>
          <p className="text-2xl font-bold text-ink">{reliabilityTexts.newProfessional}</p>
          <p className="mt-1 text-slate-700">{reliabilityTexts.newRule}</p>
        </div>
      ) : (
        <div>
          <p className="text-ink">
            <span className="text-4xl font-bold">{reliability.score}</span>{' '}
            <span className="text-slate-700">{reliabilityTexts.scoreOutOf}</span>
          </p>
          <p className="mt-1 text-slate-700">{reliabilityTexts.rule}</p>
        </div>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        {parts.map((part) => (
          <div key={part} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm font-medium text-slate-700">
              {reliabilityTexts.partNames[part]}
            </dt>
            <dd className="text-2xl font-bold text-ink">{reliability[part]}</dd>
            <dd className="text-sm text-slate-700">{reliabilityTexts.meanings[part]}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold text-ink">{reliabilityTexts.changesTitle}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
          {reliabilityTexts.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
