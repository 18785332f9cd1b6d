import { formatShiftDate, formatShiftHours } from '@shared/date-format';
import { timesheetStatusLabels } from '@shared/marketplace/attendance-constants';
import { bookingStatusLabels } from '@shared/marketplace/booking-constants';
import { bookingOverlapTexts, type OverlapBookingDto } from '@shared/marketplace/booking-overlaps';
import { formatMoney } from '@shared/money-format';
import { QueryState } from '@web/components/ui/query-state';
import { useBookingOverlaps } from '@web/features/bookings/api/booking-overlaps';

/**
 * Staff console → Overlapping bookings (issue 41): pairs of one professional's live bookings
 * whose shifts overlap, each with its timesheet, newest first.
 */
export function AdminOverlapsSection() {
  const overlaps = useBookingOverlaps();
  return (
    <section aria-labelledby="overlaps-heading" className="space-y-4">
      <h1 id="overlaps-heading" className="text-2xl font-bold text-ink">
        {bookingOverlapTexts.heading}
      </h1>
      <p className="text-slate-700">{bookingOverlapTexts.intro}</p>
      <QueryState
        query={overlaps}
        failed={bookingOverlapTexts.loadFailed}
        loadingText="Loading…"
        empty={{ when: (data) => data.overlaps.length === 0, message: bookingOverlapTexts.empty }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.overlaps.map((overlap) => (
              <li
                key={`${overlap.first.bookingId}-${overlap.second.bookingId}`}
                className="space-y-1 p-4 text-sm"
              >
                <p className="break-words font-semibold text-ink">{overlap.professionalName}</p>
                <OverlapSide booking={overlap.first} />
                <OverlapSide booking={overlap.second} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function OverlapSide({ booking }: { booking: OverlapBookingDto }) {
  return (
    <p className="break-words text-slate-700">
      <time dateTime={booking.startTime}>{formatShiftDate(booking.startTime)}</time>,{' '}
      {formatShiftHours(booking.startTime, booking.endTime)} · {booking.practiceName} ·{' '}
      {bookingStatusLabels[booking.status]} ·{' '}
      {booking.timesheetStatus
        ? `Timesheet ${timesheetStatusLabels[booking.timesheetStatus].toLowerCase()}, ${formatMoney(booking.timesheetAmountCents ?? 0)}`
        : bookingOverlapTexts.noTimesheet}
    </p>
  );
}
