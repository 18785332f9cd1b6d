import { and, eq, inArray } from 'drizzle-orm';
import { attendanceMessages } from '@shared/marketplace/attendance';
import { bookings, shifts, timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import type { ServiceContext } from '../context';
import { attendanceErrors } from './attendance-errors';
import { noShowMayBeReported, timesheetAllowsNoShow } from './no-show-rules';
import { notifyNoShow } from './timesheet-notices';

/**
 * The practice reports that nobody came: 30 minutes after the start, with no check-in, its
 * confirmed booking ends as 'no_show' (nothing is charged, and it counts against the
 * professional's reliability) and the shift is closed as cancelled with that reason. A timesheet
 * the professional submitted stands in the way (the practice disputes it instead); the one
 * ChairFill submitted with the scheduled hours a day after the end does not while it is
 * undecided: it was nobody's claim, and it is withdrawn.
 */
export async function reportNoShow(
  ctx: ServiceContext,
  practiceId: string,
  bookingId: string,
  now: Date = ctx.clock.now(),
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
      .select({ status: timesheets.status, submittedBy: timesheets.submittedBy })
      .from(timesheets)
      .where(eq(timesheets.bookingId, booking.id))
      .for('update');
    if (sheet && !timesheetAllowsNoShow(sheet)) {
      throw attendanceErrors.noShowTimesheet();
    }
    if (!noShowMayBeReported(booking, shift.startsAt, false, now)) {
      throw attendanceErrors.noShowTooEarly();
    }
    await recordNoShow(tx, ctx, { bookingId: booking.id, shiftId: shift.id, now });
  });
}

/**
 * Inside a transaction: the booking ends as a no-show and its shift is closed as cancelled with
 * `cancelReason`; its undecided timesheet, if any, is withdrawn (no timesheet, no charge: nothing
 * is charged or paid for a no-show, as when it is reported before any timesheet: a charge is only
 * made when a timesheet is approved). The caller has locked the booking's timesheet and checked
 * it is undecided. Returns false when the booking was no longer confirmed.
 */
export async function recordNoShow(
  tx: Tx,
  ctx: ServiceContext,
  input: { bookingId: string; shiftId: string; now: Date; cancelReason?: string },
): Promise<boolean> {
  const { bookingId, shiftId, now } = input;
  const [ended] = await tx
    .update(bookings)
    .set({ status: 'no_show', noShowAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  if (!ended) return false;
  await tx
    .delete(timesheets)
    .where(
      and(
        eq(timesheets.bookingId, bookingId),
        inArray(timesheets.status, ['submitted', 'disputed']),
      ),
    );
  await tx
    .update(shifts)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: input.cancelReason ?? attendanceMessages.noShowShiftReason,
      updatedAt: now,
    })
    .where(eq(shifts.id, shiftId));
  await notifyNoShow(tx, ctx.env.publicUrl, bookingId);
  return true;
}
