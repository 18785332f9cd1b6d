import { attendanceMessages } from '@shared/marketplace/attendance';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { attendanceErrors } from './attendance-errors';
import { lockOwnBooking, readBookingAttendance } from './professional-attendance';
import { insertTimesheet, type TimesheetHours } from './timesheet-writes';

/** How early before the scheduled start a timesheet may begin (coming in early happens). */
const EARLIEST_START_MINUTES = 120;
/** A clock a few minutes fast on the phone does not make the end "in the future". */
const CLOCK_SLACK_MINUTES = 5;

/**
 * Check-out: the professional who checked in submits the hours (the form proposes the scheduled
 * times), once per booking. The start may not be more than two hours before the scheduled start,
 * the end not later than now; the shape of the hours (end after start, at most 16 hours, a break
 * shorter than the time) was checked with the body. The practice then approves or disputes it.
 */
export async function submitTimesheet(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  bookingId: string,
  hours: TimesheetHours,
  now: Date = new Date(),
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
