import { and, eq } from 'drizzle-orm';
import type { MyApplicationDto } from '@shared/marketplace/booking-replies';
import { practices, shiftApplications, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from '../professional/professional-account';
import { professionalIdOf } from './marketplace-actors';
import { toMyApplicationDto } from './marketplace-dtos';
import { openBlockSiblings, pendingBlockApplications } from './block-postings';
import { marketplaceErrors } from './marketplace-errors';

/**
 * A professional withdraws their own pending application before the shift starts. Someone
 * else's application is 404; a decided or withdrawn one 409; a started shift 409.
 */
export async function withdrawApplication(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  applicationId: string,
  now: Date = ctx.clock.now(),
): Promise<MyApplicationDto> {
  return ctx.db.transaction(async (tx) => {
    const professionalId = await professionalIdOf(tx, account.id);
    if (!professionalId) throw marketplaceErrors.applicationNotFound();
    const [found] = await tx
      .select({
        application: shiftApplications,
        shift: shifts,
        practiceName: practices.practiceName,
      })
      .from(shiftApplications)
      .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(
        and(
          eq(shiftApplications.id, applicationId),
          eq(shiftApplications.professionalId, professionalId),
        ),
      )
      .for('update', { of: shiftApplications });
    if (!found) throw marketplaceErrors.applicationNotFound();
    if (found.application.status !== 'pending') throw marketplaceErrors.notPending();
    if (found.shift.startsAt <= now) throw marketplaceErrors.alreadyStarted();
    const [application] = await tx
      .update(shiftApplications)
      .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
      .where(and(eq(shiftApplications.id, applicationId), eq(shiftApplications.status, 'pending')))
      .returning();
    if (!application) throw marketplaceErrors.notPending();
    // A whole block is withdrawn as a whole.
    const siblings = await openBlockSiblings(tx, found.shift, now);
    for (const date of await pendingBlockApplications(tx, siblings, professionalId)) {
      await tx
        .update(shiftApplications)
        .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
        .where(eq(shiftApplications.id, date.application.id));
    }
    return toMyApplicationDto(application, found.shift, found.practiceName, now);
  });
}
