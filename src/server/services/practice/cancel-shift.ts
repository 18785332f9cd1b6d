import { and, eq } from 'drizzle-orm';
import { shiftMessages, type ShiftDto } from '@shared/practice/shifts';
import { practices, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toShiftDto } from './practice-dtos';

/**
 * Cancels an open or filled shift: status 'cancelled', kept (never deleted) so the schedule
 * shows it in red. A cancelled or completed shift cannot be cancelled (409).
 */
export async function cancelShift(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
): Promise<ShiftDto> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: shifts.status, practiceName: practices.practiceName })
      .from(shifts)
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)))
      .for('update', { of: shifts });
    if (!current) throw new DomainError(404, 'shift_not_found', shiftMessages.notFound);
    if (current.status !== 'open' && current.status !== 'filled') {
      throw new DomainError(409, 'shift_not_cancellable', shiftMessages.notCancellable);
    }
    const now = new Date();
    const [row] = await tx
      .update(shifts)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(shifts.id, shiftId))
      .returning();
    return toShiftDto(row!, current.practiceName);
  });
}
