import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarCheck, CalendarClock, Clock, Star, type LucideIcon } from 'lucide-react';
import { formatPracticeAndPlace } from '@shared/address-format';
import { formatAverageRating } from '@shared/professional/dashboard';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { VerificationStatusNotice } from '@web/components/portal/verification-status-notice';
import { useMyBookings } from '@web/features/bookings/api/my-bookings';
import { nextBookings, shiftDateText, shiftTimeText } from '@web/features/bookings/booking-text';
import { useProfessionalDashboard } from '../api/dashboard';
import { useProfessionalProfile } from '../api/profile';
import { InvitationsCard } from '@web/features/bookings/components/invitations-card';
import { ReliabilityCard } from './reliability-card';
import { SectionFailed, SectionHeading } from './section-states';

export const dashboardLoadFailed = 'Failed to load your dashboard. Please try again.';

/**
 * Dashboard: completed shifts, upcoming shifts, average rating and total hours, from the
 * professional's own bookings (0 and '—' until they have any), then the next shifts and their
 * reliability.
 */
export function DashboardSection({
  description,
  today,
}: {
  description: ProfessionalRoleDescription;
  /** What the day asks of the professional (check-in, check-out), shown first. */
  today?: ReactNode;
}) {
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
        <VerificationStatusNotice
          status={profile.data.status}
          role={profile.data.role}
          reason={profile.data.statusReason}
        />
      ) : null}
      {today}
      {dashboard.isLoadingError ? (
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
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              {/* Only dt and dd inside the group: the icon belongs to the term. */}
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <stat.icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
                {stat.label}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-ink">{stat.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <InvitationsCard />
      <NextShifts schedulePath={`${description.portalPath}/schedule`} />
      <ReliabilityCard />
      {dashboard.data && dashboard.data.completedShifts + dashboard.data.upcomingShifts === 0 ? (
        <p className="text-slate-700">
          Your figures will appear here once you are booked on shifts. Keep your availability and
          profile up to date so practices can find you.
        </p>
      ) : null}
    </section>
  );
}

const NEXT_SHIFTS = 3;

/** The next few shifts the professional is booked on, soonest first, with a way to the schedule. */
function NextShifts({ schedulePath }: { schedulePath: string }) {
  const bookings = useMyBookings();
  const [now] = useState(() => new Date());
  if (!bookings.data) return null;
  const next = nextBookings(bookings.data, now, NEXT_SHIFTS);
  if (next.length === 0) return null;
  return (
    <section
      aria-labelledby="next-shifts-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="next-shifts-heading" className="text-lg font-semibold text-ink">
          Next Shifts
        </h2>
        <Link className="text-sm font-semibold text-brand-700 underline" to={schedulePath}>
          View your schedule
        </Link>
      </div>
      <ul className="mt-2 divide-y divide-slate-200">
        {next.map((booking) => (
          <li key={booking.id} className="py-3">
            <p className="font-semibold text-ink">{shiftDateText(booking.shift.startTime)}</p>
            <p className="text-slate-700">
              {shiftTimeText(booking.shift.startTime, booking.shift.endTime)} ·{' '}
              {booking.shift.position}
            </p>
            <p className="text-sm text-slate-700">
              {formatPracticeAndPlace(booking.shift.location, booking.shift.practiceName)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
