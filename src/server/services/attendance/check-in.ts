import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHECK_IN_OPENS_MINUTES } from '@shared/marketplace/attendance';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import { builtOnce, nowValue } from '../../db/built-once';
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

const placeholder = sql.placeholder;

/** Built once: the check-in's time and, when given, where the phone was. */
const stampCheckIn = builtOnce((db) =>
  db
    .update(bookings)
    .set({
      checkedInAt: nowValue,
      checkInLatitude: sql`coalesce(${placeholder('latitude')}::double precision, ${bookings.checkInLatitude})`,
      checkInLongitude: sql`coalesce(${placeholder('longitude')}::double precision, ${bookings.checkInLongitude})`,
    })
    .where(and(eq(bookings.id, placeholder('bookingId')), isNull(bookings.checkedInAt)))
    .returning(),
);

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
  now: Date = ctx.clock.now(),
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
    // Where they were, when their phone said so (as it was otherwise).
    const located = input.latitude !== undefined && input.longitude !== undefined;
    const [updated] = await stampCheckIn(tx, {
      bookingId: booking.id,
      now: now.toISOString(),
      latitude: located ? input.latitude : null,
      longitude: located ? input.longitude : null,
    });
    if (!updated) throw attendanceErrors.alreadyCheckedIn();
    return readBookingAttendance(tx, { booking: updated, shift }, now);
  });
}
