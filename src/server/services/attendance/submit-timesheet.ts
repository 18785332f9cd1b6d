import { startOfMinute } from 'date-fns';
import { formatShiftClock, formatShiftHours, formatShortShiftDate } from '@shared/date-format';
import { attendanceMessages } from '@shared/marketplace/attendance';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { attendanceErrors } from './attendance-errors';
import { lockOwnBooking, readBookingAttendance } from './professional-attendance';
import { insertTimesheet, type TimesheetHours } from './timesheet-writes';
import { lockProfessionalSchedule } from '../marketplace/booking-overlap';
import { overlappingTimesheet } from './timesheet-overlap';

/** How early before the scheduled start a timesheet may begin (coming in early happens). */
const EARLIEST_START_MINUTES = 120;
/** A clock a few minutes fast on the phone does not make the end "in the future". */
const CLOCK_SLACK_MINUTES = 5;

/**
 * Check-out: the professional who checked in submits the hours (the form proposes the scheduled
 * times), once per booking. The start may not be more than two hours before the scheduled start,
 * the end not later than now; the shape of the hours (end after start, at most 16 hours, a break
 * shorter than the time) was checked with the body. The start may not be before the check-in
 * (400), and the hours may not overlap another timesheet of theirs (409 'timesheet_overlap').
 * The practice then approves or disputes it.
 */
export async function submitTimesheet(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  bookingId: string,
  hours: TimesheetHours,
  now: Date = ctx.clock.now(),
): Promise<BookingAttendanceDto> {
  return ctx.db.transaction(async (tx) => {
    const own = await lockOwnBooking(tx, account, bookingId);
    const { booking, shift } = own;
    if (booking.status !== 'confirmed') throw attendanceErrors.notConfirmed();
    if (!booking.checkedInAt) throw attendanceErrors.notCheckedIn();
    if (hours.startedAt.getTime() < shift.startsAt.getTime() - EARLIEST_START_MINUTES * 60_000) {
      throw attendanceErrors.hours('startedAt', attendanceMessages.startTooEarly);
    }
    if (hours.endedAt.getTime() > now.getTime() + CLOCK_SLACK_MINUTES * 60_000) {
      throw attendanceErrors.hours('endedAt', attendanceMessages.endInFuture);
    }
    // Not before they said "I'm here" (to the minute: the form's times have no seconds). The
    // check-in is the one moment ChairFill saw them at the practice; hours before it are refused
    // rather than flagged (issue 41), and the form proposes the check-in when it came late.
    if (hours.startedAt < startOfMinute(booking.checkedInAt)) {
      throw attendanceErrors.hours(
        'startedAt',
        attendanceMessages.startBeforeCheckIn(formatShiftClock(booking.checkedInAt)),
      );
    }
    // The same time cannot be claimed twice (issue 41): their schedule locked (two timesheets
    // at once queue, as two bookings do), then no other timesheet of theirs may overlap.
    await lockProfessionalSchedule(tx, booking.professionalId);
    const other = await overlappingTimesheet(tx, booking.professionalId, booking.id, hours);
    if (other) {
      throw attendanceErrors.hours(
        'startedAt',
        attendanceMessages.overlapsTimesheet(
          formatShiftHours(other.startedAt, other.endedAt),
          formatShortShiftDate(other.startedAt),
          other.practiceName,
        ),
        'timesheet_overlap',
        409,
      );
    }
    const id = await insertTimesheet(tx, {
      booking,
      rateCents: shift.rateCents,
      hours,
      submittedBy: 'professional',
      now,
    });
    if (!id) throw attendanceErrors.timesheetExists();
    return readBookingAttendance(tx, own, now);
  });
}
