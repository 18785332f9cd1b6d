import { ratingLabels, type WebVitalRating } from '@shared/web-vitals-constants';
import type { WebVitalsRouteSummaryDto } from '@shared/web-vitals-replies';
import { formatWebVital, thresholdText, webVitalLabels, webVitalOrder } from '../format-web-vital';

const ratingStyles: Record<WebVitalRating, string> = {
  good: 'border-green-700 bg-green-50 text-green-800',
  'needs-improvement': 'border-amber-700 bg-amber-50 text-amber-900',
  poor: 'border-red-700 bg-red-50 text-red-800',
};

function RatingLabel({ rating }: { rating: WebVitalRating }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-sm font-medium ${ratingStyles[rating]}`}
    >
      {ratingLabels[rating]}
    </span>
  );
}

/** One route's five metrics: 75th percentile, its rating as text, samples and Google's bands. */
export function RouteVitalsTable({
  summary,
  days,
}: {
  summary: WebVitalsRouteSummaryDto;
  days: number;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
        <caption className="px-4 pt-4 pb-2 text-left">
          <span className="block font-mono text-base font-semibold text-ink">{summary.route}</span>
          <span className="text-slate-700">
            {summary.samples} {summary.samples === 1 ? 'measurement' : 'measurements'} in the last{' '}
            {days} days
          </span>
        </caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="w-[26%] px-4 py-2 font-semibold">
              Metric
            </th>
            <th scope="col" className="w-[15%] px-4 py-2 font-semibold">
              75th percentile
            </th>
            <th scope="col" className="w-[19%] px-4 py-2 font-semibold">
              Rating
            </th>
            <th scope="col" className="w-[10%] px-4 py-2 text-right font-semibold">
              Samples
            </th>
            <th scope="col" className="w-[30%] px-4 py-2 font-semibold">
              Google thresholds
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {webVitalOrder.map((name) => {
            const metric = summary.metrics[name];
            return (
              <tr key={name}>
                <th scope="row" className="px-4 py-2 font-normal text-ink">
                  <span className="font-semibold">{name}</span>
                  <span className="block text-slate-700">{webVitalLabels[name]}</span>
                </th>
                <td className="px-4 py-2 font-semibold text-ink tabular-nums">
                  {metric ? formatWebVital(name, metric.p75) : 'No data'}
                </td>
                <td className="px-4 py-2">
                  {metric ? <RatingLabel rating={metric.rating} /> : '—'}
                </td>
                <td className="px-4 py-2 text-right tabular-nums text-slate-800">
                  {metric?.samples ?? 0}
                </td>
                <td className="px-4 py-2 text-slate-700">{thresholdText(name)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
