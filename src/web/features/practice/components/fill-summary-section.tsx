import { CircleCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatShortShiftDate, formatShiftHours } from '@shared/date-format';
import { fillRateHint, formatFillRate, unfilledReasonTexts } from '@shared/fill/fill-summary';
import type { FillSummaryDto } from '@shared/fill/fill-summary-reply';
import { formatResponseTime } from '@shared/practice/dashboard';
import { useDashboard } from '../api/dashboard';

/**
 * How the practice's shifts filled over the last 90 days (issue 42): its fill rate, the median
 * time from posting to booked, and the shifts that started unfilled with the main reason each.
 * From the dashboard's own answer: nothing more is asked of the server.
 */
export function FillSummarySection() {
  const dashboard = useDashboard();
  const fill = dashboard.data?.fill;
  if (!fill) return null;
  return (
    <section aria-labelledby="fill-heading" className="space-y-3">
      <h2 id="fill-heading" className="text-xl font-bold text-ink">
        Filling Your Shifts
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        <Figure
          icon={<CircleCheck className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />}
          label="Filled"
          value={formatFillRate(fill.fillRate)}
          hint={fillRateHint(fill)}
        />
        <Figure
          icon={<Timer className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />}
          label="Median Time to Fill"
          value={formatResponseTime(fill.medianMinutesToFill)}
          hint={`From posting to booked, last ${fill.windowDays} days`}
        />
      </ul>
      <UnfilledShifts fill={fill} />
    </section>
  );
}

function Figure({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <span className="block">
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className="mt-1 block text-3xl font-bold text-ink">{value}</span>
        <span className="mt-1 block text-sm text-slate-600">{hint}</span>
      </span>
      {icon}
    </li>
  );
}

function UnfilledShifts({ fill }: { fill: FillSummaryDto }) {
  if (fill.ended === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="unfilled-heading" className="text-base font-semibold text-ink">
        Unfilled Shifts
      </h3>
      {fill.unfilledShifts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Every shift that started in the last {fill.windowDays} days was filled.
        </p>
      ) : (
        <ul aria-labelledby="unfilled-heading" className="mt-2 divide-y divide-slate-100">
          {fill.unfilledShifts.map((shift) => (
            <li key={shift.id} className="py-2 text-sm">
              <span className="block font-medium text-ink">
                {shift.position} · {formatShortShiftDate(shift.startTime)},{' '}
                {formatShiftHours(shift.startTime, shift.endTime)}
              </span>
              <span className="block text-slate-600">{unfilledReasonTexts[shift.mainReason]}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
