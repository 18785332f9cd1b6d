import { Suspense, useRef, useState, type ReactNode, type Ref } from 'react';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import { professionalMessages } from '@shared/professional/messages';
import { PageLoading } from '@web/components/page-loading';
import { useMyBookings } from '@web/features/bookings/api/my-bookings';
import { groupBookings } from '@web/features/bookings/booking-text';
import { ProfessionalBookingItem } from '@web/features/bookings/components/professional-booking-item';
import { useBookedShifts } from '../api/booked-shifts';
import { SectionFailed, SectionHeading } from './section-states';

// react-big-calendar and its styles load only when the schedule is opened.
const BookedShiftCalendar = lazyChunk(() => import('./booked-shift-calendar'));

export const shiftsLoadFailed = 'Failed to load your shifts. Please try again.';

/**
 * Schedule: a calendar of the shifts the professional is booked on, then their bookings:
 * upcoming ones first (soonest first, each can be cancelled with a reason), then past and
 * cancelled ones (completed ones can be rated).
 */
export function ScheduleSection() {
  const shifts = useBookedShifts();
  return (
    <section aria-labelledby="schedule-heading" className="space-y-6">
      <SectionHeading id="schedule-heading">Schedule</SectionHeading>
      {shifts.isPending ? (
        <PageLoading />
      ) : shifts.isLoadingError ? (
        <SectionFailed message={shiftsLoadFailed} onRetry={() => void shifts.refetch()} />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <BookedShiftCalendar shifts={shifts.data} />
        </Suspense>
      )}
      <BookingLists />
    </section>
  );
}

function BookingLists() {
  const bookings = useMyBookings();
  // The moment the list was opened: bookings that have not ended by then are upcoming.
  const [now] = useState(() => new Date());
  const upcomingHeading = useRef<HTMLHeadingElement>(null);
  if (bookings.isPending) return <PageLoading />;
  if (bookings.isLoadingError) {
    return (
      <SectionFailed message={bookingMessages.loadFailed} onRetry={() => void bookings.refetch()} />
    );
  }
  const { upcoming, past } = groupBookings(bookings.data, now);
  const fallbackFocus = () => upcomingHeading.current;
  return (
    <>
      <BookingGroup
        id="upcoming-shifts-heading"
        title="Upcoming Shifts"
        headingRef={upcomingHeading}
        bookings={upcoming}
        fallbackFocus={fallbackFocus}
        empty={
          <div className="mt-3 text-slate-700">
            <p className="font-medium">{professionalMessages.noUpcomingShifts}</p>
            {bookings.data.length === 0 ? (
              <p className="mt-1 text-sm">{professionalMessages.noShiftsYet}</p>
            ) : null}
          </div>
        }
      />
      {past.length > 0 ? (
        <BookingGroup
          id="past-bookings-heading"
          title="Past and Cancelled"
          bookings={past}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
    </>
  );
}

function BookingGroup({
  id,
  title,
  headingRef,
  bookings,
  fallbackFocus,
  empty,
}: {
  id: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  bookings: ProfessionalBookingDto[];
  fallbackFocus: () => HTMLElement | null;
  empty?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {bookings.length === 0 ? (
        empty
      ) : (
        <ul className="divide-y divide-slate-200">
          {bookings.map((booking) => (
            <ProfessionalBookingItem
              key={booking.id}
              booking={booking}
              fallbackFocus={fallbackFocus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
