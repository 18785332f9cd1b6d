import { eq } from 'drizzle-orm';
import { passedStart, practiceDateOf, practiceInstant } from '@shared/practice/shift-dates';
import { shiftMessages } from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { shiftStatusAt } from '@shared/practice/shift-constants';
import { shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { changeShiftTerms, shiftRateOf } from './change-shift-terms';
import { lockOwnShift } from './lock-own-shift';
import { selectPracticeShifts } from './list-shifts';

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
 * or contact the professional): its terms were agreed. The change itself, and what it means for
 * pending applicants, is changeShiftTerms (change-shift-terms.ts), which a rate boost uses too.
 */
export async function updateShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
  change: ShiftChange,
  now: Date = ctx.clock.now(),
): Promise<ShiftDto> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwnShift(tx, practiceId, shiftId);
    if (current.shift.status === 'filled') {
      throw new DomainError(409, 'shift_booked', shiftMessages.bookedNotEditable);
    }
    if (shiftStatusAt(current.shift, now) !== 'open') {
      throw new DomainError(409, 'shift_not_editable', shiftMessages.notEditable);
    }
    const rateCents = shiftRateOf(current.shift.position, change.rate);
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
    await changeShiftTerms(tx, current, { startsAt, endsAt, rateCents }, now);
    const [updated] = await selectPracticeShifts(tx, eq(shifts.id, shiftId), now);
    return updated!;
  });
}
