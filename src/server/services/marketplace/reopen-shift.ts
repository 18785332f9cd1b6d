import { and, eq, gte, sql } from 'drizzle-orm';
import { builtOnce, nowValue, runValue } from '../../db/built-once';
import { shiftApplications, shifts } from '../../db/schema';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import type { Tx } from './db-transaction';
import type { BookingRow, ShiftRow } from './fill-shift';
import { practiceOpenTo } from '../matching/eligibility-sql';
import { toShiftSummary } from './shift-summary';
import { userIdsOfProfessionals } from './marketplace-actors';
import { queueBackfill } from '../trust/backfill';

const placeholder = sql.placeholder;

/** Built once and named (every cancelled booking runs them: parsed once per connection). */
const reopenFilledShift = builtOnce(
  (db) =>
    db
      .update(shifts)
      .set({ status: 'open', updatedAt: nowValue })
      .where(and(eq(shifts.id, placeholder('shiftId')), eq(shifts.status, 'filled')))
      .returning(),
  'reopen_filled_shift',
);

/** The applicants declined because the shift was filled by this booking may apply again. */
const freeDeclinedApplicants = builtOnce(
  (db) =>
    db
      .update(shiftApplications)
      .set({ status: 'withdrawn', updatedAt: nowValue })
      .where(
        and(
          eq(shiftApplications.shiftId, placeholder('shiftId')),
          eq(shiftApplications.status, 'declined'),
          gte(shiftApplications.decidedAt, runValue('bookedAt', 'timestamptz')),
          // A professional the practice may no longer reach (a block) is not freed nor told.
          practiceOpenTo(sql`${placeholder('practiceId')}::uuid`, shiftApplications.professionalId),
        ),
      )
      .returning({ professionalId: shiftApplications.professionalId }),
  'free_declined_applicants',
);

/**
 * The shift of a booking just cancelled by (or for) its professional opens again, inside the
 * caller's transaction (the shift row locked first, as everywhere): status 'open' again, the
 * cancelled booking's accepted application withdrawn, and the applicants who were declined only
 * because the shift was filled (declined when it was filled, at or after the booking was made;
 * a practice's own earlier decline stays) may apply again: their applications become
 * 'withdrawn' (Apply again) and each is told the shift is open. Returns the shift as it is now.
 */
export async function reopenShift(
  tx: Tx,
  input: { shift: ShiftRow; booking: BookingRow; practiceName: string; now: Date },
): Promise<ShiftRow> {
  const { booking, now } = input;
  if (booking.applicationId) {
    await tx
      .update(shiftApplications)
      .set({ status: 'withdrawn', updatedAt: now })
      .where(eq(shiftApplications.id, booking.applicationId));
  }
  const [reopened] = await reopenFilledShift(tx, {
    shiftId: input.shift.id,
    now: now.toISOString(),
  });
  const shift = reopened ?? input.shift;
  if (!reopened || shift.startsAt <= now) return shift;
  // Its best matches are told after the commit, within a minute (decision record 022).
  await queueBackfill(tx, {
    shiftId: shift.id,
    bookingId: booking.id,
    applicationId: booking.applicationId,
    now,
  });

  const freed = await freeDeclinedApplicants(tx, {
    shiftId: shift.id,
    practiceId: shift.practiceId,
    bookedAt: booking.createdAt.toISOString(),
    now: now.toISOString(),
  });
  if (freed.length > 0) {
    await notifyShiftLifecycle(tx, {
      kind: 'shift_reopened',
      professionalUserIds: await userIdsOfProfessionals(tx, freed),
      shift: toShiftSummary(shift, input.practiceName),
    });
  }
  return shift;
}
