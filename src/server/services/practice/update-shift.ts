import { and, eq } from 'drizzle-orm';
import { isWithinRateBounds, rateBoundsMessage } from '@shared/hourly-rate-bounds';
import { practiceDateOf, practiceInstant } from '@shared/practice/shift-dates';
import { shiftMessages, type ShiftDto } from '@shared/practice/shifts';
import { shifts } from '../../db/schema';
import { refreshShiftReach } from '../matching/count-shift-reach';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { selectPracticeShifts } from './list-shifts';

export interface ShiftChange {
  /** 'HH:mm', practice time, on the shift's own date. */
  startTime: string;
  endTime: string;
  rateCents: number;
}

/** Inline edit of an open shift: new start and end time on the same date, and a new rate. */
export async function updateShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  change: ShiftChange,
): Promise<ShiftDto> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ shift: shifts })
      .from(shifts)
      .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
      .for('update', { of: shifts });
    if (!current) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
    if (current.shift.status !== 'open') {
      throw new DomainError(409, 'shift_not_editable', shiftMessages.notEditable);
    }
    // The body was checked before the shift was read: its rate against the shift's position here.
    if (!isWithinRateBounds(current.shift.position, change.rateCents)) {
      const message = rateBoundsMessage(current.shift.position);
      throw new DomainError(400, 'validation_failed', message, { rate: message });
    }
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
    await tx
      .update(shifts)
      .set({ startsAt, endsAt, rateCents: change.rateCents, updatedAt: new Date() })
      .where(eq(shifts.id, shiftId));
    await refreshShiftReach(tx, [shiftId]); // new minutes or rate: reach right away (decision 009)
    const [updated] = await selectPracticeShifts(tx, eq(shifts.id, shiftId));
    return updated!;
  });
}
