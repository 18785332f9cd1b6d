import { and, eq, sql } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { builtOnce, nowValue } from '../../db/built-once';
import { professionals, shiftApplications } from '../../db/schema';
import type { MarketplaceEvent } from '../../notifications/events';
import { notifyAll } from '../../notifications/notify';
import type { Tx } from './db-transaction';

/**
 * Built once: every booking runs it. Declines the shift's pending applications and answers the
 * account (user) id of each applicant, to tell them.
 */
const declinePending = builtOnce((db) => {
  const declined = db.$with('declined').as(
    db
      .update(shiftApplications)
      .set({ status: 'declined', decidedAt: nowValue, updatedAt: nowValue })
      .where(
        and(
          eq(shiftApplications.shiftId, sql.placeholder('shiftId')),
          eq(shiftApplications.status, 'pending'),
        ),
      )
      .returning({ professionalId: shiftApplications.professionalId }),
  );
  return db
    .with(declined)
    .select({ userId: professionals.userId })
    .from(declined)
    .innerJoin(professionals, eq(professionals.id, declined.professionalId));
});

/**
 * Declines every pending application of a shift (it was filled by someone else, or cancelled)
 * and tells each applicant with application_declined, together with `alongside` (the caller's
 * own events of the same change): two statements, however many there were. Returns how many.
 */
export async function declinePendingApplications(
  tx: Tx,
  shiftId: string,
  shift: ShiftSummaryDto,
  now: Date,
  alongside: readonly MarketplaceEvent[] = [],
): Promise<number> {
  const declined = await declinePending(tx, { shiftId, now: now.toISOString() });
  await notifyAll(
    tx,
    [
      ...alongside,
      ...declined.map(({ userId }) => ({
        kind: 'application_declined' as const,
        professionalUserId: userId,
        shift,
      })),
    ],
    now,
  );
  return declined.length;
}
