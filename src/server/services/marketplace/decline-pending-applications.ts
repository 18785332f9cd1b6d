import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import type { Database } from '../../db/client';
import { builtOnce, nowValue } from '../../db/built-once';
import { professionals, shiftApplications } from '../../db/schema';
import type { MarketplaceEvent } from '../../notifications/events';
import { notifyAll } from '../../notifications/notify';
import type { Tx } from './db-transaction';

/**
 * The pending applications of the shift `shiftId` names declined, but for `except` (the one being
 * accepted, or null), as a part of a statement (`with declined as (…)`), answering each one's
 * professional. Every booking declines the others (fill-shift.ts), and so does a cancellation.
 */
export function declinedApplications(db: Database, shiftId: SQL, except: SQL) {
  return db.$with('declined').as(
    db
      .update(shiftApplications)
      .set({ status: 'declined', decidedAt: nowValue, updatedAt: nowValue })
      .where(
        and(
          eq(shiftApplications.shiftId, shiftId),
          eq(shiftApplications.status, 'pending'),
          sql`${shiftApplications.id} is distinct from ${except}`,
        ),
      )
      .returning({ professionalId: shiftApplications.professionalId }),
  );
}

/** Built once: a cancellation declines the pending applications, answering their accounts. */
const declinePending = builtOnce((db) => {
  const declined = declinedApplications(db, sql`${sql.placeholder('shiftId')}::uuid`, sql`null`);
  return db
    .with(declined)
    .select({ userId: professionals.userId })
    .from(declined)
    .innerJoin(professionals, eq(professionals.id, declined.professionalId));
});

/**
 * Declines every pending application of a shift (it was cancelled) and tells each applicant: two
 * statements, however many there were. Returns how many.
 */
export async function declinePendingApplications(
  tx: Tx,
  shiftId: string,
  shift: ShiftSummaryDto,
  now: Date,
): Promise<number> {
  const declined = await declinePending(tx, { shiftId, now: now.toISOString() });
  await tellDeclined(
    tx,
    declined.map(({ userId }) => userId),
    shift,
    now,
  );
  return declined.length;
}

/**
 * Tells each declined applicant (their account ids) with application_declined, together with
 * `alongside` (the caller's own events of the same change): one statement.
 */
export function tellDeclined(
  tx: Tx,
  userIds: readonly string[],
  shift: ShiftSummaryDto,
  now: Date,
  alongside: readonly MarketplaceEvent[] = [],
): Promise<void> {
  return notifyAll(
    tx,
    [
      ...alongside,
      ...userIds.map((userId) => ({
        kind: 'application_declined' as const,
        professionalUserId: userId,
        shift,
      })),
    ],
    now,
  );
}
