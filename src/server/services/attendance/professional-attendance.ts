import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { CHECK_IN_OPENS_MINUTES } from '@shared/marketplace/attendance';
import type { BookingAttendanceDto, TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { builtOnce } from '../../db/built-once';
import { bookings, professionals, shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { Tx } from '../marketplace/db-transaction';
import type { ProfessionalAccount } from '../professional/professional-account';
import { attendanceErrors } from './attendance-errors';
import { readTimesheetOfBooking, readTimesheets } from './timesheet-rows';

type Reader = ServiceContext['db'] | Tx;

/** How far back the professional's attendance list reaches (timesheets still being decided stay). */
const LIST_DAYS = 60;

export interface OwnBooking {
  booking: typeof bookings.$inferSelect;
  shift: typeof shifts.$inferSelect;
}

/** Bookings with their shift, and the professional joined to tell whose they are. */
function bookingsWithShifts(db: Pick<Tx, 'select'>) {
  return db
    .select({ booking: bookings, shift: shifts })
    .from(bookings)
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId));
}

/**
 * Built once and named (every check-in, check-out and timesheet of a professional reads it
 * first; named, its three-table join is planned once per connection after five runs).
 */
const ownBookingLocked = builtOnce(
  (db) =>
    bookingsWithShifts(db)
      .where(
        and(
          eq(bookings.id, sql.placeholder('bookingId')),
          eq(professionals.userId, sql.placeholder('userId')),
        ),
      )
      .for('update', { of: shifts }),
  'own_booking_locked',
);

/**
 * The professional's own booking with its shift, the shift row locked for the change that
 * follows (every change to a shift and what hangs on it locks it first); someone else's is 404.
 */
export async function lockOwnBooking(
  tx: Tx,
  account: ProfessionalAccount,
  bookingId: string,
): Promise<OwnBooking> {
  const [found] = await ownBookingLocked(tx, { bookingId, userId: account.id });
  if (!found) throw attendanceErrors.bookingNotFound();
  return found;
}

/** Where one booking stands: check-in, whether the professional may check in or out, the timesheet. */
export function toBookingAttendance(
  { booking, shift }: OwnBooking,
  timesheet: TimesheetDto | null,
  now: Date,
): BookingAttendanceDto {
  const opensAt = new Date(shift.startsAt.getTime() - CHECK_IN_OPENS_MINUTES * 60_000);
  const confirmed = booking.status === 'confirmed';
  return {
    bookingId: booking.id,
    bookingStatus: booking.status,
    shiftStart: shift.startsAt.toISOString(),
    shiftEnd: shift.endsAt.toISOString(),
    scheduledBreakMinutes: shift.breakMinutes,
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    checkInOpensAt: opensAt.toISOString(),
    canCheckIn: confirmed && !booking.checkedInAt && now >= opensAt && now < shift.endsAt,
    canCheckOut: confirmed && booking.checkedInAt !== null && timesheet === null,
    timesheet,
  };
}

/** One booking's attendance, read in the transaction that changed it. */
export async function readBookingAttendance(
  db: Reader,
  own: OwnBooking,
  now: Date,
): Promise<BookingAttendanceDto> {
  return toBookingAttendance(own, await readTimesheetOfBooking(db, own.booking.id), now);
}

/**
 * The professional's bookings around today and in the last 60 days that were worked or are
 * being worked (confirmed, completed, no-show), newest first, each with where it stands.
 */
export async function listMyAttendance(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<BookingAttendanceDto[]> {
  const rows = await bookingsWithShifts(ctx.db)
    .where(
      and(
        eq(professionals.userId, account.id),
        inArray(bookings.status, ['confirmed', 'completed', 'no_show']),
        gte(shifts.startsAt, new Date(now.getTime() - LIST_DAYS * 86_400_000)),
        lte(shifts.startsAt, new Date(now.getTime() + 86_400_000)),
      ),
    )
    .orderBy(desc(shifts.startsAt))
    .limit(200);
  if (rows.length === 0) return [];
  const sheets = await readTimesheets(
    ctx.db,
    inArray(
      timesheets.bookingId,
      rows.map((row) => row.booking.id),
    ),
  );
  const byBooking = new Map(sheets.map((sheet) => [sheet.bookingId, sheet]));
  return rows.map((row) => toBookingAttendance(row, byBooking.get(row.booking.id) ?? null, now));
}
