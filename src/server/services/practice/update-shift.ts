import { and, eq } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { shiftRateField } from '@shared/hourly-rate-bounds';
import { passedStart, practiceDateOf, practiceInstant } from '@shared/practice/shift-dates';
import { shiftMessages } from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { shiftStatusAt } from '@shared/practice/shift-constants';
import { practices, shiftApplications, shifts } from '../../db/schema';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import type { Tx } from '../marketplace/db-transaction';
import { toShiftSummary } from '../marketplace/shift-summary';
import { queueShiftReach } from '../matching/count-shift-reach';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { selectPracticeShifts } from './list-shifts';
import { userIdsOfProfessionals } from '../marketplace/marketplace-actors';

export interface ShiftChange {
  /** 'HH:mm', practice time, on the shift's own date. */
  startTime: string;
  endTime: string;
  /** As typed, in dollars ('52.50'): read against the stored shift's position. */
  rate: string | number;
}

/**
 * Inline edit of an open shift that has not started: new start and end time on the same date,
 * and a new rate (decision 014). A booked shift is refused (409, telling the practice to cancel
 * or contact the professional): its terms were agreed. When the hours or rate change, the
 * pending applications, made on the old terms, are withdrawn and each applicant is told the new
 * terms (they may apply again); a save that changes nothing keeps them.
 */
export async function updateShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  change: ShiftChange,
  now: Date = ctx.clock.now(),
): Promise<ShiftDto> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ shift: shifts, practiceName: practices.practiceName })
      .from(shifts)
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
      .for('update', { of: shifts });
    if (!current) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
    if (current.shift.status === 'filled') {
      throw new DomainError(409, 'shift_booked', shiftMessages.bookedNotEditable);
    }
    if (shiftStatusAt(current.shift, now) !== 'open') {
      throw new DomainError(409, 'shift_not_editable', shiftMessages.notEditable);
    }
    // The rate is read here, with the shift's position: the rule the form applies (shiftRateField).
    const rate = shiftRateField(current.shift.position, shiftMessages.enterRate).safeParse(
      change.rate,
    );
    if (!rate.success || rate.data === null) {
      const message = rate.error?.issues[0]?.message ?? shiftMessages.enterRate;
      throw new DomainError(400, 'validation_failed', message, { rate: message });
    }
    const rateCents = rate.data;
    const date = practiceDateOf(current.shift.startsAt);
    const startsAt = practiceInstant(date, change.startTime);
    const endsAt = practiceInstant(date, change.endTime);
    if (!startsAt || !endsAt) {
      throw new DomainError(400, 'validation_failed', shiftMessages.timeSkipped, {
        startTime: shiftMessages.timeSkipped,
      });
    }
    if (endsAt <= startsAt) {
      throw new DomainError(400, 'validation_failed', shiftMessages.endAfterStart, {
        endTime: shiftMessages.endAfterStart,
      });
    }
    // As when posting: a shift cannot be moved to start in the past.
    const passed = passedStart([{ date, start: startsAt }], now);
    if (passed) {
      throw new DomainError(400, 'validation_failed', shiftMessages[passed], {
        startTime: shiftMessages[passed],
      });
    }
    const [row] = await tx
      .update(shifts)
      .set({ startsAt, endsAt, rateCents, updatedAt: now })
      .where(eq(shifts.id, shiftId))
      .returning();
    const termsChanged =
      startsAt.getTime() !== current.shift.startsAt.getTime() ||
      endsAt.getTime() !== current.shift.endsAt.getTime() ||
      rateCents !== current.shift.rateCents;
    if (termsChanged) {
      await withdrawApplicationsOnNewTerms(
        ctx,
        tx,
        toShiftSummary(row!, current.practiceName, now),
        now,
      );
    }
    await queueShiftReach(tx, [shiftId]); // new minutes or rate: reach after the commit (030)
    const [updated] = await selectPracticeShifts(tx, eq(shifts.id, shiftId), now);
    return updated!;
  });
}

/** The pending applications of a shift whose terms changed: withdrawn, each applicant told. */
async function withdrawApplicationsOnNewTerms(
  ctx: ServiceContext,
  tx: Tx,
  shift: ShiftSummaryDto,
  now: Date,
): Promise<void> {
  const withdrawn = await tx
    .update(shiftApplications)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(and(eq(shiftApplications.shiftId, shift.id), eq(shiftApplications.status, 'pending')))
    .returning({ professionalId: shiftApplications.professionalId });
  if (withdrawn.length === 0) return;
  await notifyShiftLifecycle(tx, {
    kind: 'terms_changed',
    professionalUserIds: await userIdsOfProfessionals(tx, withdrawn),
    shift,
  });
}
