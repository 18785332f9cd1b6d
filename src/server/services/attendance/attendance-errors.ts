import { attendanceMessages } from '@shared/marketplace/attendance';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import { DomainError } from '../domain-error';

/** The refusals of checking in, timesheets and no-shows, with their status and code. */
export const attendanceErrors = {
  bookingNotFound: () => new DomainError(404, 'booking_not_found', bookingMessages.bookingNotFound),
  timesheetNotFound: () =>
    new DomainError(404, 'timesheet_not_found', attendanceMessages.timesheetNotFound),
  wrongCode: () =>
    new DomainError(400, 'wrong_check_in_code', attendanceMessages.wrongCode, {
      code: attendanceMessages.wrongCode,
    }),
  notConfirmed: () => new DomainError(409, 'booking_not_active', attendanceMessages.notConfirmed),
  tooEarly: () => new DomainError(409, 'check_in_not_open', attendanceMessages.tooEarly),
  shiftEnded: () => new DomainError(409, 'shift_ended', attendanceMessages.shiftEnded),
  alreadyCheckedIn: () =>
    new DomainError(409, 'already_checked_in', attendanceMessages.alreadyCheckedIn),
  notCheckedIn: () => new DomainError(409, 'not_checked_in', attendanceMessages.notCheckedIn),
  timesheetExists: () =>
    new DomainError(409, 'timesheet_exists', attendanceMessages.timesheetExists),
  notSubmitted: () =>
    new DomainError(409, 'timesheet_not_submitted', attendanceMessages.notSubmitted),
  notDisputed: () => new DomainError(409, 'timesheet_not_disputed', attendanceMessages.notDisputed),
  /** The hours refused, the message under the field (400, or 409 for a conflict). */
  hours: (
    field: 'startedAt' | 'endedAt',
    message: string,
    code = 'validation_failed',
    status: 400 | 409 = 400,
  ) => new DomainError(status, code, message, { [field]: message }),
  noShowTooEarly: () =>
    new DomainError(409, 'no_show_too_early', attendanceMessages.noShowTooEarly),
  noShowCheckedIn: () =>
    new DomainError(409, 'professional_checked_in', attendanceMessages.noShowCheckedIn),
  noShowTimesheet: () =>
    new DomainError(409, 'timesheet_exists', attendanceMessages.noShowTimesheet),
};
