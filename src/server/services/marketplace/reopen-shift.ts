import { and, eq, gte, sql } from 'drizzle-orm';
import { builtOnce, nowValue, runValue } from '../../db/built-once';
import { shiftApplications, shifts } from '../../db/schema';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import type { Tx } from './db-transaction';
import type { BookingRow, ShiftRow } from './fill-shift';
import { practiceOpenTo } from '../matching/eligibility-sql';
import { toShiftSummary } from './shift-summary';
import { backfillInsert } from '../trust/backfill';
import { accountIdsOf } from './marketplace-actors';

const placeholder = sql.placeholder;

/**
 * Built once and named (every cancelled booking runs it: parsed once per connection): the
 * reopening's writes in one statement (reopenShift).
 */
const reopenStatement = builtOnce((db) => {
  const shiftId = sql`${placeholder('shiftId')}::uuid`;
  const withdrawn = db.$with('withdrawn').as(
    db
      .update(shiftApplications)
      .set({ status: 'withdrawn', updatedAt: nowValue })
      .where(eq(shiftApplications.id, sql`${placeholder('applicationId')}::uuid`)),
  );
  const reopened = db.$with('reopened').as(
    db
      .update(shifts)
      .set({ status: 'open', updatedAt: nowValue })
      .where(and(eq(shifts.id, shiftId), eq(shifts.status, 'filled')))
      .returning(),
  );
  // Only a shift reopened before its start is offered again.
  const upcoming = sql`from ${reopened} where starts_at > ${nowValue}`;
  const backfill = db.$with('backfill', {}).as(
    backfillInsert(
      sql`select id, ${placeholder('bookingId')}::uuid, ${placeholder('applicationId')}::uuid, ${nowValue}
        ${upcoming}`,
    ),
  );
  // The applicants declined because the shift was filled by this booking may apply again.
  const freed = db.$with('freed').as(
    db
      .update(shiftApplications)
      .set({ status: 'withdrawn', updatedAt: nowValue })
      .where(
        and(
          eq(shiftApplications.shiftId, sql`(select id ${upcoming})`),
          eq(shiftApplications.status, 'declined'),
          gte(shiftApplications.decidedAt, runValue('bookedAt', 'timestamptz')),
          // A professional the practice may no longer reach (a block) is not freed nor told.
          practiceOpenTo(sql`${placeholder('practiceId')}::uuid`, shiftApplications.professionalId),
        ),
      )
      .returning({ professionalId: shiftApplications.professionalId }),
  );
  return db
    .with(withdrawn, reopened, backfill, freed)
    .select({
      shift: reopened._.selectedFields,
      freedUserIds: accountIdsOf(freed),
    })
    .from(reopened);
}, 'reopen_shift');

/**
 * The shift of a booking just cancelled by (or for) its professional opens again, inside the
 * caller's transaction (the shift row locked first, as everywhere), in one statement: status
 * 'open' again, the cancelled booking's accepted application withdrawn, its best matches queued
 * to be told after the commit (decision record 022), and the applicants who were declined only
 * because the shift was filled (declined when it was filled, at or after the booking was made; a
 * practice's own earlier decline stays) may apply again: their applications become 'withdrawn'
 * (Apply again) and each is told the shift is open. Returns the shift as it is now.
 */
export async function reopenShift(
  tx: Tx,
  input: { shift: ShiftRow; booking: BookingRow; practiceName: string; now: Date },
): Promise<ShiftRow> {
  const { booking, now } = input;
  const [reopened] = await reopenStatement(tx, {
    shiftId: input.shift.id,
    practiceId: input.shift.practiceId,
    bookingId: booking.id,
    applicationId: booking.applicationId,
    bookedAt: booking.createdAt.toISOString(),
    now: now.toISOString(),
  });
  if (!reopened) return input.shift;
  if (reopened.freedUserIds.length > 0) {
    await notifyShiftLifecycle(tx, {
      kind: 'shift_reopened',
      professionalUserIds: reopened.freedUserIds,
      shift: toShiftSummary(reopened.shift, input.practiceName, now),
    });
  }
  return reopened.shift;
}
