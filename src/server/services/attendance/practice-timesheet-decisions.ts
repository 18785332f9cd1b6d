import { and, eq } from 'drizzle-orm';
import { APPROVAL_WINDOW_HOURS } from '@shared/marketplace/attendance';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { Tx } from '../marketplace/db-transaction';
import { attendanceErrors } from './attendance-errors';
import { readTimesheet } from './timesheet-rows';
import { notifyTimesheet } from './timesheet-notices';
import { approveTimesheet } from './timesheet-writes';

/** The practice's own timesheet, locked; another practice's (or none) is 404. */
async function lockPracticeTimesheet(tx: Tx, practiceId: string, id: string) {
  const [found] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.id, id), eq(timesheets.practiceId, practiceId)))
    .for('update');
  if (!found) throw attendanceErrors.timesheetNotFound();
  return found;
}

/**
 * The practice approves a submitted timesheet: the booking and the shift are completed. Approving
 * twice, or one the job approved or that is disputed, is a 409 and changes nothing.
 */
export async function approvePracticeTimesheet(
  ctx: ServiceContext,
  practiceId: string,
  id: string,
  now: Date = ctx.clock.now(),
): Promise<TimesheetDto> {
  return ctx.db.transaction(async (tx) => {
    const approved = await approveTimesheet(tx, {
      id,
      from: ['submitted'],
      by: 'practice',
      practiceId,
      now,
    });
    if (!approved) {
      // Not approved: another practice's (or none) is 404, the practice's own is 409.
      await lockPracticeTimesheet(tx, practiceId, id);
      throw attendanceErrors.notSubmitted();
    }
    return readTimesheet(tx, id);
  });
}

/**
 * The practice disputes a submitted timesheet with a reason, inside the approval window (after
 * it, the job has approved it: 409). An admin then decides the hours that stand.
 */
export async function disputePracticeTimesheet(
  ctx: ServiceContext,
  practiceId: string,
  id: string,
  reason: string,
  now: Date = ctx.clock.now(),
): Promise<TimesheetDto> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockPracticeTimesheet(tx, practiceId, id);
    const windowEnd = found.submittedAt.getTime() + APPROVAL_WINDOW_HOURS * 3_600_000;
    if (found.status !== 'submitted' || now.getTime() >= windowEnd) {
      throw attendanceErrors.notSubmitted();
    }
    await tx
      .update(timesheets)
      .set({ status: 'disputed', disputeReason: reason, disputedAt: now })
      .where(and(eq(timesheets.id, id), eq(timesheets.status, 'submitted')));
    await notifyTimesheet(tx, { timesheetId: id, notice: 'disputed' });
    return readTimesheet(tx, id);
  });
}
