import { LogIn, LogOut } from 'lucide-react';
import { Suspense, useState } from 'react';
import { attendanceTexts } from '@shared/marketplace/attendance-constants';
import type { ProfessionalBookingDto } from '@shared/marketplace/booking-replies';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import { formatShiftClock } from '@shared/date-format';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { Button } from '@web/components/ui/button';
import { LoadFailed } from '@web/components/ui/query-state';
import { useMyBookings } from '@web/features/bookings/api/my-bookings';
import { shiftDateText, shiftTimeText } from '@web/features/bookings/booking-text';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { useMyAttendance } from '../api/professional-attendance';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { TimesheetSummary } from './timesheet-summary';

// The dialogs' forms (react-hook-form and zod) load after the dashboard has shown, not with it.
const CheckInDialog = lazyChunk(() =>
  import('./check-in-dialog').then((m) => ({ default: m.CheckInDialog })),
);
const CheckOutDialog = lazyChunk(() =>
  import('./check-out-dialog').then((m) => ({ default: m.CheckOutDialog })),
);

const RECENTLY_APPROVED_MS = 3 * 86_400_000;

/**
 * What the day asks of the professional: today's confirmed shifts (check in from 30 minutes
 * before), a shift checked into (check out with the hours), and timesheets still being decided
 * or approved in the last days.
 */
export function shownToday(item: BookingAttendanceDto, now: Date): boolean {
  if (item.canCheckIn || item.canCheckOut) return true;
  const { timesheet } = item;
  if (timesheet) {
    if (timesheet.status === 'submitted' || timesheet.status === 'disputed') return true;
    if (timesheet.status === 'no_show') return false;
    return now.getTime() - new Date(timesheet.approvedAt ?? 0).getTime() < RECENTLY_APPROVED_MS;
  }
  return (
    item.bookingStatus === 'confirmed' &&
    practiceDateOf(new Date(item.shiftStart)) === practiceDateOf(now)
  );
}

export function TodaysAttendance() {
  const attendance = useMyAttendance();
  const bookings = useMyBookings();
  const now = new Date();
  if (attendance.isLoadingError) {
    return (
      <LoadFailed message={attendanceTexts.loadFailed} onRetry={() => void attendance.refetch()} />
    );
  }
  if (!attendance.data || !bookings.data) return null;
  const byId = new Map(bookings.data.map((booking) => [booking.id, booking]));
  const items = attendance.data
    .filter((item) => shownToday(item, now) && byId.has(item.bookingId))
    .sort((a, b) => a.shiftStart.localeCompare(b.shiftStart));
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="attendance-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="attendance-heading" tabIndex={-1} className="text-lg font-semibold text-ink">
        {attendanceTexts.todayHeading}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((item) => (
          <AttendanceItem key={item.bookingId} item={item} booking={byId.get(item.bookingId)!} />
        ))}
      </ul>
    </section>
  );
}

function AttendanceItem({
  item,
  booking,
}: {
  item: BookingAttendanceDto;
  booking: ProfessionalBookingDto;
}) {
  const [checkingIn, setCheckingIn] = useState(false);
  const [checkingOut, setCheckingOut] = useState(false);
  const titleId = `attendance-${item.bookingId}-title`;
  const { shift } = booking;
  const focusItem = () =>
    focusAfterUpdate(
      () => document.getElementById(titleId) ?? document.getElementById('attendance-heading'),
    );
  const waitingToOpen =
    !item.canCheckIn && !item.checkedInAt && item.bookingStatus === 'confirmed' && !item.timesheet;
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-3">
      <div>
        <h3 id={titleId} tabIndex={-1} className="font-semibold text-ink">
          {shiftDateText(shift.startTime)} · {shift.practiceName}
        </h3>
        <p className="text-slate-700">
          {shiftTimeText(shift.startTime, shift.endTime)} · {shift.position}
        </p>
      </div>
      {item.checkedInAt ? (
        <p className="text-sm text-emerald-800">
          {attendanceTexts.checkedInAt(formatShiftClock(item.checkedInAt))}
        </p>
      ) : null}
      {waitingToOpen ? (
        <p className="text-sm text-slate-700">
          {attendanceTexts.checkInOpensAt(formatShiftClock(item.checkInOpensAt))}
        </p>
      ) : null}
      {item.timesheet ? <TimesheetSummary timesheet={item.timesheet} /> : null}
      {item.canCheckIn || item.canCheckOut ? (
        <div className="flex flex-wrap gap-2">
          {item.canCheckIn ? (
            <Button onClick={() => setCheckingIn(true)} className="w-full sm:w-auto">
              <LogIn className="h-4 w-4" aria-hidden="true" />
              {attendanceTexts.imHere}
            </Button>
          ) : null}
          {item.canCheckOut ? (
            <Button onClick={() => setCheckingOut(true)} className="w-full sm:w-auto">
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {attendanceTexts.checkOut}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Suspense fallback={null}>
        <CheckInDialog
          bookingId={item.bookingId}
          practiceName={shift.practiceName}
          open={checkingIn}
          onOpenChange={setCheckingIn}
          onDone={focusItem}
        />
        <CheckOutDialog
          attendance={item}
          open={checkingOut}
          onOpenChange={setCheckingOut}
          onDone={focusItem}
        />
      </Suspense>
    </li>
  );
}
