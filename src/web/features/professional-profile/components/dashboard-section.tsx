import { CalendarCheck, CalendarClock, Clock, Star, type LucideIcon } from 'lucide-react';
import { formatAverageRating } from '@shared/professional/dashboard';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { VerificationStatusNotice } from '@web/components/portal/verification-status-notice';
import { useProfessionalDashboard } from '../api/dashboard';
import { useProfessionalProfile } from '../api/profile';
import { SectionFailed, SectionHeading } from './section-states';

export const dashboardLoadFailed = 'Failed to load your dashboard. Please try again.';

/**
 * Dashboard: completed shifts, upcoming shifts, average rating and total hours, from the
 * professional's own bookings (0 and '—' until they have any).
 */
export function DashboardSection({ description }: { description: ProfessionalRoleDescription }) {
  const dashboard = useProfessionalDashboard();
  const profile = useProfessionalProfile();
  const fullName = [profile.data?.firstName, profile.data?.lastName].filter(Boolean).join(' ');
  const heading = description.dashboardGreetsByName
    ? `Welcome, ${fullName || 'there'}`
    : 'Dashboard';
  const stats: Array<{ label: string; value: string; icon: LucideIcon }> = dashboard.data
    ? [
        {
          label: 'Completed Shifts',
          value: String(dashboard.data.completedShifts),
          icon: CalendarCheck,
        },
        {
          label: 'Upcoming Shifts',
          value: String(dashboard.data.upcomingShifts),
          icon: CalendarClock,
        },
        {
          label: 'Average Rating',
          value: formatAverageRating(dashboard.data.averageRating),
          icon: Star,
        },
        { label: 'Total Hours', value: String(dashboard.data.totalHours), icon: Clock },
      ]
    : [];
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      {description.dashboardGreetsByName && profile.isPending ? (
        <h1 id="dashboard-heading" className="text-2xl font-bold text-ink">
          Welcome
        </h1>
      ) : (
        <SectionHeading id="dashboard-heading">{heading}</SectionHeading>
      )}
      {profile.data ? (
        <VerificationStatusNotice status={profile.data.status} reason={profile.data.statusReason} />
      ) : null}
      {dashboard.isError ? (
        <SectionFailed message={dashboardLoadFailed} onRetry={() => void dashboard.refetch()} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={dashboard.isPending}>
          {(dashboard.isPending
            ? ['Completed Shifts', 'Upcoming Shifts', 'Average Rating', 'Total Hours'].map(
                (label) => ({ label, value: '…', icon: Clock }),
              )
            : stats
          ).map((stat) => (
            <div
              key={stat.label}
              className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <stat.icon className="h-8 w-8 shrink-0 text-brand-600" aria-hidden="true" />
              <div>
                <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-bold text-ink">{stat.value}</dd>
              </div>
            </div>
          ))}
        </dl>
      )}
      {dashboard.data && dashboard.data.completedShifts + dashboard.data.upcomingShifts === 0 ? (
        <p className="text-slate-700">
          Your figures will appear here once you are booked on shifts. Keep your availability and
          profile up to date so practices can find you.
        </p>
      ) : null}
    </section>
  );
}
