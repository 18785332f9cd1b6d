import { and, eq } from 'drizzle-orm';
import { attendanceMessages } from '@shared/marketplace/attendance';
import { bookings, shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { attendanceErrors } from './attendance-errors';
import { noShowMayBeReported } from './practice-attendance';
import { notifyNoShow } from './timesheet-notices';

/**
 * The practice reports that nobody came: 30 minutes after the start, with no check-in and no
 * timesheet, its confirmed booking ends as 'no_show' (nothing is charged, and it counts against
 * the professional's reliability) and the shift is closed as cancelled with that reason.
 */
export async function reportNoShow(
  ctx: ServiceContext,
  practiceId: string,
  bookingId: string,
  now: Date = new Date(),
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, shift: shifts })
      .from(bookings)
      .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.practiceId, practiceId)))
      .for('update', { of: shifts });
    if (!found) throw attendanceErrors.bookingNotFound();
    const { booking, shift } = found;
    if (booking.status !== 'confirmed') throw attendanceErrors.notConfirmed();
    if (booking.checkedInAt) throw attendanceErrors.noShowCheckedIn();
    const [sheet] = await tx
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(eq(timesheets.bookingId, booking.id));
    if (sheet) throw attendanceErrors.noShowTimesheet();
    if (!noShowMayBeReported(booking, shift.startsAt, false, now)) {
      throw attendanceErrors.noShowTooEarly();
    }
    await tx
      .update(bookings)
      .set({ status: 'no_show', noShowAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed')));
    await tx
      .update(shifts)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: attendanceMessages.noShowShiftReason,
        updatedAt: now,
      })
      .where(eq(shifts.id, shift.id));
    await notifyNoShow(tx, ctx.env.publicUrl, booking.id);
  });
}
