import { and, eq, sql } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { builtOnce, nowValue } from '../../db/built-once';
import { shiftApplications } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { Tx } from './db-transaction';
import { userIdsOfProfessionals } from './marketplace-actors';

/** Built once: every booking runs it. */
const declinePending = builtOnce((db) =>
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

/**
 * Declines every pending application of a shift (it was filled by someone else, or cancelled)
 * and tells each applicant with application_declined. Returns how many.
 */
export async function declinePendingApplications(
  tx: Tx,
  shiftId: string,
  shift: ShiftSummaryDto,
  now: Date,
): Promise<number> {
  const declined = await declinePending(tx, { shiftId, now: now.toISOString() });
  if (declined.length === 0) return 0;
  for (const professionalUserId of await userIdsOfProfessionals(tx, declined)) {
    await notify(tx, {
      kind: 'application_declined',
      professionalUserId,
      shift,
    });
  }
  return declined.length;
}
