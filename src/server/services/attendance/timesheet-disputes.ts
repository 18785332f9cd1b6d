import { eq } from 'drizzle-orm';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { attendanceErrors } from './attendance-errors';
import { readTimesheet, readTimesheets } from './timesheet-rows';
import { approveTimesheet, type TimesheetHours } from './timesheet-writes';

/** The admin console's timesheets: disputed ones to decide, oldest first, then those decided. */
export async function listTimesheetDisputes(ctx: ServiceContext): Promise<TimesheetDto[]> {
  const open = await readTimesheets(ctx.db, eq(timesheets.status, 'disputed'));
  // Resolved disputes keep their note; the last 100 are shown for reference.
  const decided = await readTimesheets(ctx.db, eq(timesheets.approvedBy, 'admin'), {
    limit: 100,
    newestFirst: true,
  });
  return [...open, ...decided];
}

/**
 * An admin decides a disputed timesheet: the hours that stand (priced at the shift's rate) and a
 * recorded note; it becomes approved by 'admin' and the booking and shift are completed. Only a
 * disputed timesheet can be resolved (409 otherwise).
 */
export async function resolveTimesheetDispute(
  ctx: ServiceContext,
  adminUserId: string,
  id: string,
  input: { hours: TimesheetHours; note: string },
  now: Date = new Date(),
): Promise<TimesheetDto> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: timesheets.status, rateCents: shifts.rateCents })
      .from(timesheets)
      .innerJoin(shifts, eq(shifts.id, timesheets.shiftId))
      .where(eq(timesheets.id, id))
      .for('update', { of: timesheets });
    if (!found) throw attendanceErrors.timesheetNotFound();
    const resolved = await approveTimesheet(tx, {
      id,
      from: ['disputed'],
      by: 'admin',
      now,
      resolution: { hours: input.hours, rateCents: found.rateCents, note: input.note, adminUserId },
    });
    if (!resolved) throw attendanceErrors.notDisputed();
    return readTimesheet(tx, id);
  });
}
