import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PayThrough } from '@shared/money/pay-terms';
import {
  amountForMinutes,
  workedMinutes,
  type TimesheetApprover,
  type TimesheetStatus,
  type TimesheetSubmitter,
} from '@shared/marketplace/attendance';
import { queryRows } from '../../db/client';
import { timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import { chargeApprovedTimesheet } from '../money/charge-writes';
import { notifyTimesheet } from './timesheet-notices';

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
  const [approved] = await tx
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
    .returning();
  if (!approved) return false;
  // The booking and the shift are completed, and the shift's pay terms read, in one statement
  // (a data-modifying WITH reads the shift as it was: its terms do not change here).
  const now = input.now.toISOString();
  const [shift] = await queryRows<ShiftTerms>(
    tx,
    sql`with completed_booking as (
        update bookings set status = 'completed', completed_at = ${now}::timestamptz
        where id = ${approved.bookingId}::uuid and status = 'confirmed'
      ), completed_shift as (
        update shifts set status = 'completed', updated_at = ${now}::timestamptz
        where id = ${approved.shiftId}::uuid and status = 'filled'
      )
      select pay_through, fee_basis_points, starts_at from shifts where id = ${approved.shiftId}::uuid`,
  );
  // The approved hours are what the practice is charged for, in the same transaction.
  await chargeApprovedTimesheet(
    tx,
    approved,
    {
      payThrough: shift!.pay_through,
      feeBasisPoints: shift!.fee_basis_points,
      startsAt: new Date(shift!.starts_at),
    },
    input.now,
  );
  await notifyTimesheet(tx, {
    timesheetId: input.id,
    notice: resolution ? 'resolved' : 'approved',
  });
  return true;
}

interface ShiftTerms {
  pay_through: PayThrough;
  fee_basis_points: number;
  starts_at: string | Date;
}
