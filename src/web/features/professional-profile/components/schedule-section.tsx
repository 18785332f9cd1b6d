import { lazy, Suspense, useState } from 'react';
import type { BookedShiftDto } from '@shared/professional/dashboard';
import { professionalMessages } from '@shared/professional/messages';
import { PageLoading } from '@web/components/page-loading';
import { useBookedShifts } from '../api/booked-shifts';
import { formatShiftDate, formatShiftTimeRange } from '../shift-time';
import { SectionFailed, SectionHeading } from './section-states';

// react-big-calendar and its styles load only when the schedule is opened.
const BookedShiftCalendar = lazy(() => import('./booked-shift-calendar'));

export const shiftsLoadFailed = 'Failed to load your shifts. Please try again.';

/** Schedule: a calendar of the professional's booked shifts and the list of upcoming ones. */
export function ScheduleSection() {
  const shifts = useBookedShifts();
  return (
    <section aria-labelledby="schedule-heading" className="space-y-6">
      <SectionHeading id="schedule-heading">Schedule</SectionHeading>
      {shifts.isPending ? (
        <PageLoading />
      ) : shifts.isError ? (
        <SectionFailed message={shiftsLoadFailed} onRetry={() => void shifts.refetch()} />
      ) : (
        <>
          <Suspense fallback={<PageLoading />}>
            <BookedShiftCalendar shifts={shifts.data} />
          </Suspense>
          <UpcomingShifts shifts={shifts.data} />
        </>
      )}
    </section>
  );
}

function UpcomingShifts({ shifts }: { shifts: BookedShiftDto[] }) {
  // The moment the list was opened: shifts starting after it are upcoming.
  const [now] = useState(() => Date.now());
  const upcoming = shifts.filter(
    (shift) => shift.status !== 'cancelled' && Date.parse(shift.startTime) > now,
  );
  return (
    <section
      aria-labelledby="upcoming-shifts-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="upcoming-shifts-heading" className="text-lg font-semibold text-ink">
        Upcoming Shifts
      </h2>
      {upcoming.length === 0 ? (
        <div className="mt-3 text-slate-700">
          <p className="font-medium">{professionalMessages.noUpcomingShifts}</p>
          {shifts.length === 0 ? (
            <p className="mt-1 text-sm">{professionalMessages.noShiftsYet}</p>
          ) : null}
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {upcoming.map((shift) => (
            <li key={shift.id} className="py-3" title={`${shift.title} at ${shift.location.name}`}>
              <p className="font-semibold text-ink">{formatShiftDate(shift.startTime)}</p>
              <p className="text-slate-700">
                {formatShiftTimeRange(shift.startTime, shift.endTime)}
              </p>
              <p className="text-sm text-slate-600">
                {shift.location.name}
                {shift.location.address ? ` · ${shift.location.address}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
