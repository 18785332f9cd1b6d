import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { CHECK_IN_OPENS_MINUTES } from '@shared/marketplace/attendance';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import { bookings } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { attendanceErrors } from './attendance-errors';
import { lockOwnBooking, readBookingAttendance } from './professional-attendance';

function sameCode(entered: string, expected: string): boolean {
  const a = Buffer.from(entered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * "I'm here": the professional enters the code the practice shows, from 30 minutes before the
 * start until the end of a confirmed booking of theirs. A wrong code is a 400 (the route counts
 * those); where the phone was is kept as a hint only, when it was sent.
 */
export async function checkIn(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  bookingId: string,
  input: { code: string; latitude?: number; longitude?: number },
  now: Date = new Date(),
): Promise<BookingAttendanceDto> {
  return ctx.db.transaction(async (tx) => {
    const own = await lockOwnBooking(tx, account, bookingId);
    const { booking, shift } = own;
    if (booking.status !== 'confirmed') throw attendanceErrors.notConfirmed();
    if (booking.checkedInAt) throw attendanceErrors.alreadyCheckedIn();
    if (now < new Date(shift.startsAt.getTime() - CHECK_IN_OPENS_MINUTES * 60_000)) {
      throw attendanceErrors.tooEarly();
    }
    if (now >= shift.endsAt) throw attendanceErrors.shiftEnded();
    if (!sameCode(input.code, booking.checkInCode)) throw attendanceErrors.wrongCode();
    const hint =
      input.latitude !== undefined && input.longitude !== undefined
        ? { checkInLatitude: input.latitude, checkInLongitude: input.longitude }
        : {};
    const [updated] = await tx
      .update(bookings)
      .set({ checkedInAt: now, ...hint })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.checkedInAt)))
      .returning();
    if (!updated) throw attendanceErrors.alreadyCheckedIn();
    return readBookingAttendance(tx, { booking: updated, shift }, now);
  });
}
