import { eq, or } from 'drizzle-orm';
import { attendanceMessages, attendanceTexts } from '@shared/marketplace/attendance';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { bookings, shifts, timesheets } from '../../db/schema';
import type { ServiceContext } from '../context';
import { attendanceErrors } from './attendance-errors';
import { readTimesheet, readTimesheets } from './timesheet-rows';
import { approveTimesheet, type TimesheetHours } from './timesheet-writes';
import { recordNoShow } from './report-no-show';

/** The admin console's timesheets: disputed ones to decide, oldest first, then those decided. */
export async function listTimesheetDisputes(ctx: ServiceContext): Promise<TimesheetDto[]> {
  const open = await readTimesheets(ctx.db, eq(timesheets.status, 'disputed'));
  // Resolved disputes keep their note (hours that stand, or a no-show); the last 100 are shown.
  const decided = await readTimesheets(
    ctx.db,
    or(eq(timesheets.approvedBy, 'admin'), eq(timesheets.status, 'no_show')),
    {
      limit: 100,
      newestFirst: true,
    },
  );
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
  now: Date = ctx.clock.now(),
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

/**
 * An admin decides a disputed timesheet as a no-show: nobody worked the shift. The timesheet stays
 * on record with its claimed hours as 'no_show', with the admin's note and who decided; the
 * booking ends as a no-show (it counts against the professional's reliability) and the shift is
 * closed as cancelled, its reason carrying the note both sides see. Nothing is charged or paid,
 * as for a no-show the practice reports. Only a disputed timesheet of a booking still confirmed
 * (409 otherwise).
 */
export async function resolveDisputeAsNoShow(
  ctx: ServiceContext,
  adminUserId: string,
  id: string,
  input: { note: string },
  now: Date = ctx.clock.now(),
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: timesheets.status,
        bookingId: timesheets.bookingId,
        shiftId: timesheets.shiftId,
        bookingStatus: bookings.status,
      })
      .from(timesheets)
      .innerJoin(bookings, eq(bookings.id, timesheets.bookingId))
      .where(eq(timesheets.id, id))
      .for('update', { of: timesheets });
    if (!found) throw attendanceErrors.timesheetNotFound();
    if (found.status !== 'disputed') throw attendanceErrors.notDisputed();
    if (found.bookingStatus !== 'confirmed') throw attendanceErrors.notConfirmed();
    // Decided first: recordNoShow withdraws only undecided timesheets, so this one stays.
    await tx
      .update(timesheets)
      .set({
        status: 'no_show',
        resolutionNote: input.note,
        resolvedAt: now,
        resolvedByUserId: adminUserId,
      })
      .where(eq(timesheets.id, id));
    await recordNoShow(tx, ctx, {
      bookingId: found.bookingId,
      shiftId: found.shiftId,
      now,
      cancelReason: `${attendanceMessages.noShowShiftReason}. ${attendanceTexts.decision(input.note)}`,
    });
  });
}
