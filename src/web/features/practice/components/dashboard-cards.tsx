import { CalendarClock, Clock, ClipboardList, Star, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatResponseTime } from '@shared/practice/dashboard';
import { formatAverageRating } from '@shared/professional/dashboard';
import { Banner } from '@web/components/ui/banner';
import { useDashboard } from '../api/dashboard';

export const dashboardLoadFailed = 'Failed to load the dashboard figures. Please try again.';

/** The figures of the practice dashboard; Active Requests opens the Schedule. */
export function DashboardCards({ onOpenActiveRequests }: { onOpenActiveRequests: () => void }) {
  const dashboard = useDashboard();
  const figures = dashboard.data;
  const value = (text: string | number | undefined) =>
    dashboard.isPending ? '…' : figures ? String(text) : '—';

  return (
    <div className="space-y-3">
      {dashboard.isLoadingError ? <Banner tone="error">{dashboardLoadFailed}</Banner> : null}
      <ul
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
        aria-busy={dashboard.isPending}
      >
        <li>
          <button
            type="button"
            onClick={onOpenActiveRequests}
            className="block h-full w-full rounded-lg border border-slate-200 bg-white p-5 text-left shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
          >
            <CardBody
              icon={ClipboardList}
              label="Active Requests"
              value={value(figures?.activeRequests)}
              hint="View in Schedule"
            />
          </button>
        </li>
        <Card>
          <CardBody
            icon={CalendarClock}
            label="Upcoming Shifts"
            value={value(figures?.upcomingShifts)}
          />
        </Card>
        <Card>
          <CardBody
            icon={Users}
            label="Professionals Worked With"
            value={value(figures?.professionalsWorkedWith)}
          />
        </Card>
        <Card>
          <CardBody
            icon={Clock}
            label="Average Response Time"
            value={value(figures ? formatResponseTime(figures.averageResponseMinutes) : undefined)}
          />
        </Card>
        <Card>
          <CardBody
            icon={Star}
            label="Average Rating"
            value={value(figures ? formatAverageRating(figures.averageRating) : undefined)}
          />
        </Card>
      </ul>
    </div>
  );
}

function Card({ children }: { children: ReactNode }) {
  return <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">{children}</li>;
}

function CardBody({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <span className="flex items-start justify-between gap-3">
      <span className="block">
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className="mt-1 block text-3xl font-bold text-ink">{value}</span>
        {hint ? <span className="mt-1 block text-sm text-brand-700">{hint}</span> : null}
      </span>
      <Icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
    </span>
  );
}
