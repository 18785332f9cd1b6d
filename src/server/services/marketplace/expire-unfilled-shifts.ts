import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { practices, professionals, shiftApplications, shifts } from '../../db/schema';
import type { Database } from '../../db/client';
import { notifyShiftLifecycle } from '../../notifications/shift-lifecycle-messages';
import { toShiftSummary } from './shift-summary';

/** Shifts closed per run at most; the next run (a minute later) takes the rest. */
export const EXPIRE_BATCH = 1000;

/**
 * Stores what shiftStatusAt (@shared/practice/shift-constants) already shows: every 'open' shift
 * whose start is at or before `now` becomes 'expired', its pending applications 'expired' too,
 * and each of those applicants is told their application has closed. One transaction (the
 * shift rows locked by the update, as everywhere), so a booking or an accept at the same moment
 * either filled the shift first or is refused. At most EXPIRE_BATCH shifts per run, oldest
 * first. Running it again changes nothing. Returns how
 * many shifts and applications it closed. Scheduled every minute by the job runner.
 */
export async function expireUnfilledShifts(
  db: Database,
  now: Date = new Date(),
): Promise<{ expiredShifts: number; closedApplications: number }> {
  return db.transaction(async (tx) => {
    // A bounded batch, oldest first: after a long pause (or on a large backlog) each run closes
    // the next batch instead of one statement too large to send.
    const due = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.status, 'open'), lte(shifts.startsAt, now)))
      .orderBy(asc(shifts.startsAt))
      .limit(EXPIRE_BATCH)
      .for('update');
    if (due.length === 0) return { expiredShifts: 0, closedApplications: 0 };
    const expired = await tx
      .update(shifts)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          inArray(
            shifts.id,
            due.map((row) => row.id),
          ),
          eq(shifts.status, 'open'),
        ),
      )
      .returning();
    if (expired.length === 0) return { expiredShifts: 0, closedApplications: 0 };
    const closed = await tx
      .update(shiftApplications)
      .set({ status: 'expired', decidedAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            shiftApplications.shiftId,
            expired.map((shift) => shift.id),
          ),
          eq(shiftApplications.status, 'pending'),
        ),
      )
      .returning({
        shiftId: shiftApplications.shiftId,
        professionalId: shiftApplications.professionalId,
      });
    if (closed.length > 0) {
      const people = await tx
        .select({ id: professionals.id, userId: professionals.userId })
        .from(professionals)
        .where(
          inArray(
            professionals.id,
            closed.map((row) => row.professionalId),
          ),
        );
      const userOf = new Map(people.map((person) => [person.id, person.userId]));
      const names = await tx
        .select({ id: practices.id, practiceName: practices.practiceName })
        .from(practices)
        .where(
          inArray(
            practices.id,
            expired.map((shift) => shift.practiceId),
          ),
        );
      const nameOf = new Map(names.map((row) => [row.id, row.practiceName]));
      for (const shift of expired) {
        const userIds = closed
          .filter((row) => row.shiftId === shift.id)
          .flatMap((row) => userOf.get(row.professionalId) ?? []);
        if (userIds.length === 0) continue;
        await notifyShiftLifecycle(tx, {
          kind: 'applications_expired',
          professionalUserIds: userIds,
          shift: toShiftSummary(shift, nameOf.get(shift.practiceId) ?? '', now),
        });
      }
    }
    return { expiredShifts: expired.length, closedApplications: closed.length };
  });
}
