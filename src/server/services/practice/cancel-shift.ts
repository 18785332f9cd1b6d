import { and, eq } from 'drizzle-orm';
import { lateCancellationFor } from '@shared/money/pay-terms';
import { shiftMessages, shiftStatusAt } from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { bookings, practices, professionals, shifts } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { declinePendingApplications } from '../marketplace/decline-pending-applications';
import { professionalName } from '../marketplace/marketplace-actors';
import { marketplaceErrors } from '../marketplace/marketplace-errors';
import { recordCharge } from '../money/charge-writes';
import { toShiftSummary } from '../marketplace/shift-summary';
import { selectPracticeShifts } from './list-shifts';

/**
 * Cancels an open or filled shift: status 'cancelled' with the practice's reason, kept (never
 * deleted) so the schedule shows it in red. A cancelled, completed or expired (shiftStatusAt)
 * shift cannot be cancelled (409). When a professional is booked (a filled shift), a reason is required (400): their
 * booking is cancelled by the practice and they are told why; less than 24 hours before the start
 * the practice is charged the late-cancellation amount for them (lateCancellationFor). Pending applicants are declined
 * and told. All in one transaction.
 */
export async function cancelShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  reason = '',
  now: Date = ctx.clock.now(),
): Promise<ShiftDto> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: shifts.status,
        startsAt: shifts.startsAt,
        endsAt: shifts.endsAt,
        rateCents: shifts.rateCents,
        payThrough: shifts.payThrough,
        feeBasisPoints: shifts.feeBasisPoints,
        practiceName: practices.practiceName,
        userId: practices.userId,
      })
      .from(shifts)
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
      .for('update', { of: shifts });
    if (!current) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
    const status = shiftStatusAt(current, now);
    if (status !== 'open' && status !== 'filled') {
      throw new DomainError(409, 'shift_not_cancellable', shiftMessages.notCancellable);
    }
    // Once a booked shift has started, its hours are worked and decided by its timesheet (or a
    // no-show): cancelling it then would undo work the professional has done.
    if (status === 'filled' && current.startsAt <= now) {
      throw new DomainError(409, 'shift_started', shiftMessages.startedNotCancellable);
    }
    const [booked] = await tx
      .select({ booking: bookings, professional: professionals })
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .where(and(eq(bookings.shiftId, shiftId), eq(bookings.status, 'confirmed')))
      .for('update', { of: bookings });
    if (booked && reason.trim() === '') throw marketplaceErrors.reasonRequired();

    const [row] = await tx
      .update(shifts)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(eq(shifts.id, shiftId))
      .returning();
    const summary = toShiftSummary(row!, current.practiceName, now);
    if (booked) {
      await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledBy: 'practice',
          cancelReason: reason,
          cancelledAt: now,
        })
        .where(eq(bookings.id, booked.booking.id));
      // Less than 24 hours before the start, the professional is owed the late-cancellation amount.
      const late = lateCancellationFor(current, ctx.env.money.lateCancelMinutes, now);
      if (late) {
        await recordCharge(tx, {
          kind: 'late_cancellation',
          booking: booked.booking,
          timesheetId: null,
          minutes: late.minutes,
          rateCents: current.rateCents,
          payThrough: current.payThrough,
          feeBasisPoints: current.feeBasisPoints,
          serviceDate: current.startsAt,
          now,
        });
      }
      await notify(
        tx,
        {
          kind: 'booking_cancelled',
          bookingId: booked.booking.id,
          cancelledBy: 'practice',
          practiceUserId: current.userId,
          professionalUserId: booked.professional.userId,
          professionalName: professionalName(booked.professional),
          reason,
          shift: summary,
        },
        now,
      );
    }
    await declinePendingApplications(tx, shiftId, summary, now);
    const [dto] = await selectPracticeShifts(tx, eq(shifts.id, shiftId), now);
    return dto!;
  });
}
