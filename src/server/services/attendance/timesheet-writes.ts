import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  amountForMinutes,
  workedMinutes,
  type TimesheetApprover,
  type TimesheetStatus,
  type TimesheetSubmitter,
} from '@shared/marketplace/attendance';
import { bookings, shifts, timesheets } from '../../db/schema';
import { noticesQueuedIn } from '../../notifications/notice-queue';
import type { Tx } from '../marketplace/db-transaction';
import { notifyTimesheet, timesheetQueued } from './timesheet-notices';
import { chargeApprovedTimesheet } from '../money/charge-writes';

export interface TimesheetHours {
  startedAt: Date;
  endedAt: Date;
  breakMinutes: number;
}

/** What the hours come to at the shift's rate: minutes worked and the amount in cents. */
export function priceHours(hours: TimesheetHours, rateCents: number) {
  const minutes = workedMinutes(hours.startedAt, hours.endedAt, hours.breakMinutes);
  return { workedMinutes: minutes, rateCents, amountCents: amountForMinutes(minutes, rateCents) };
}

/**
 * Writes the booking's timesheet unless it has one (the unique index decides between two at
 * once); returns its id, or null when one was there already.
 */
export async function insertTimesheet(
  tx: Tx,
  input: {
    booking: { id: string; shiftId: string; practiceId: string; professionalId: string };
    rateCents: number;
    hours: TimesheetHours;
    submittedBy: TimesheetSubmitter;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(timesheets)
    .values({
      bookingId: input.booking.id,
      shiftId: input.booking.shiftId,
      practiceId: input.booking.practiceId,
      professionalId: input.booking.professionalId,
      ...input.hours,
      ...priceHours(input.hours, input.rateCents),
      submittedBy: input.submittedBy,
      submittedAt: input.now,
    })
    .onConflictDoNothing({ target: timesheets.bookingId })
    .returning({ id: timesheets.id });
  if (!row) return null;
  await notifyTimesheet(tx, { timesheetId: row.id, notice: 'submitted' });
  return row.id;
}

/**
 * Approves a timesheet that is still in one of the `from` states (a conditional update: of an
 * approval by the practice and by the job at the same moment, one changes it), and completes its
 * booking and shift, and records the practice's charge for the hours. Returns false when it was
 * no longer in those states (or, with `practiceId`, is not that practice's).
 */
export async function approveTimesheet(
  tx: Tx,
  input: {
    id: string;
    from: readonly TimesheetStatus[];
    by: TimesheetApprover;
    now: Date;
    /** Only the timesheet of this practice (the practice approving its own). */
    practiceId?: string;
    /** An admin's decision: the hours that stand, the note and who decided. */
    resolution?: { hours: TimesheetHours; rateCents: number; note: string; adminUserId: string };
  },
): Promise<boolean> {
  const { resolution } = input;
  const now = input.now.toISOString();
  const approved = tx.$with('approved').as(
    tx
      .update(timesheets)
      .set({
        status: 'approved',
        approvedAt: input.now,
        approvedBy: input.by,
        ...(resolution
          ? {
              ...resolution.hours,
              ...priceHours(resolution.hours, resolution.rateCents),
              resolutionNote: resolution.note,
              resolvedAt: input.now,
              resolvedByUserId: resolution.adminUserId,
            }
          : {}),
      })
      .where(
        and(
          eq(timesheets.id, input.id),
          inArray(timesheets.status, [...input.from]),
          input.practiceId ? eq(timesheets.practiceId, input.practiceId) : undefined,
        ),
      )
      .returning(),
  );
  // In the same statement: the booking and the shift completed, the people told (queued and
  // announced), and the shift's pay terms read (a data-modifying WITH reads the shift as it was:
  // its terms do not change here).
  const approvedOnes = (column: string) => sql`(select ${sql.identifier(column)} from ${approved})`;
  const completedBooking = tx.$with('completed_booking').as(
    tx
      .update(bookings)
      .set({ status: 'completed', completedAt: input.now })
      .where(and(eq(bookings.id, approvedOnes('booking_id')), eq(bookings.status, 'confirmed'))),
  );
  const completedShift = tx.$with('completed_shift').as(
    tx
      .update(shifts)
      .set({ status: 'completed', updatedAt: input.now })
      .where(and(eq(shifts.id, approvedOnes('shift_id')), eq(shifts.status, 'filled'))),
  );
  const notices = noticesQueuedIn(
    tx,
    sql`${JSON.stringify([
      timesheetQueued({ timesheetId: input.id, notice: resolution ? 'resolved' : 'approved' }),
    ])}`,
    sql`${now}::timestamptz`,
    sql`exists (select 1 from ${approved})`,
  );
  const [done] = await tx
    .with(approved, completedBooking, completedShift, notices.queued)
    .select({
      timesheet: approved._.selectedFields,
      payThrough: shifts.payThrough,
      feeBasisPoints: shifts.feeBasisPoints,
      startsAt: shifts.startsAt,
      announced: notices.announced,
    })
    .from(approved)
    .innerJoin(shifts, eq(shifts.id, approved.shiftId));
  if (!done) return false;
  // The approved hours are what the practice is charged for, in the same transaction.
  await chargeApprovedTimesheet(tx, done.timesheet, done, input.now);
  return true;
}
