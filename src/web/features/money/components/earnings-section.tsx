import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDuration, formatShortShiftDate } from '@shared/date-format';
import { formatHourlyRate, formatMoney } from '@shared/money-format';
import {
  chargeKindLabels,
  earningStatusLabels,
  moneyMessages,
  type EarningStatus,
} from '@shared/money/money-texts';
import type { EarningsDto } from '@shared/money/money-replies';
import { QueryState } from '@web/components/ui/query-state';
import { earningsCsvUrl, useEarnings } from '../api/earnings';

const statusTone: Record<EarningStatus, string> = {
  pending: 'bg-slate-100 text-slate-800',
  disputed: 'bg-rose-100 text-rose-900',
  approved: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  payroll: 'bg-sky-100 text-sky-900',
};

/** The year's totals, each named by what it counts; earned and not yet approved add up to all. */
function totals(data: EarningsDto) {
  return [
    {
      label: moneyMessages.earningsYearTotal(data.year),
      cents: data.totalCents,
      testId: 'earnings-total',
    },
    {
      label: moneyMessages.earningsEarnedTotal,
      cents: data.earnedCents,
      testId: 'earnings-earned',
    },
    {
      label: moneyMessages.earningsWaitingTotal,
      cents: data.waitingCents,
      testId: 'earnings-waiting',
    },
    { label: moneyMessages.earningsPaidTotal, cents: data.paidCents, testId: 'earnings-paid' },
  ];
}

/**
 * Professional portal → Earnings: each shift of the year with its amount, status and payout
 * date, the year's total, and the CSV for taxes.
 */
export function EarningsSection() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const earnings = useEarnings(year);
  const headingId = useId();
  const yearId = useId();
  return (
    <section aria-labelledby={headingId} className="max-w-3xl space-y-4">
      <h1 id={headingId} className="text-2xl font-bold text-ink">
        {moneyMessages.earningsTitle}
      </h1>
      <QueryState query={earnings} failed={moneyMessages.loadFailed}>
        {(data) => (
          <>
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end sm:justify-between sm:p-6">
              <div>
                <label htmlFor={yearId} className="block text-sm font-medium text-slate-800">
                  Year
                </label>
                <select
                  id={yearId}
                  value={data.year}
                  onChange={(event) => setYear(Number(event.target.value))}
                  className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
                >
                  {data.years.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
              <a
                href={earningsCsvUrl(data.year)}
                download
                className="inline-flex items-center gap-1 self-start font-semibold text-brand-700 underline hover:text-brand-800 sm:self-end"
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                {moneyMessages.downloadCsv}
                <span className="sr-only"> of your {data.year} earnings</span>
              </a>
              <dl className="grid grid-cols-2 gap-4 sm:basis-full sm:grid-cols-4">
                {totals(data).map((total) => (
                  <div key={total.label}>
                    <dt className="text-sm text-slate-700">{total.label}</dt>
                    <dd className="text-xl font-bold text-ink" data-testid={total.testId}>
                      {formatMoney(total.cents)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
            {data.earnings.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
                {moneyMessages.noEarnings}
              </p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm">
                {data.earnings.map((earning) => (
                  <li
                    key={`${earning.bookingId}-${earning.kind}`}
                    className="py-3"
                    data-testid="earning"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        <p className="font-semibold text-ink">
                          {formatShortShiftDate(earning.serviceDate)} · {earning.practiceName}
                        </p>
                        <p className="text-sm text-slate-700">
                          {earning.position} · {chargeKindLabels[earning.kind]}:{' '}
                          {formatDuration(earning.minutes)} at {formatHourlyRate(earning.rateCents)}
                        </p>
                      </div>
                      <div className="text-right">
                        <p className="font-semibold text-ink">{formatMoney(earning.amountCents)}</p>
                        <span
                          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[earning.status]}`}
                        >
                          {earningStatusLabels[earning.status]}
                        </span>
                      </div>
                    </div>
                    {earning.paidAt ? (
                      <p className="mt-1 text-sm text-slate-700">
                        Paid on {formatShortShiftDate(earning.paidAt)}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
