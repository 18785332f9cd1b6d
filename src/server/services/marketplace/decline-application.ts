import { and, eq } from 'drizzle-orm';
import type { ApplicantDto } from '@shared/marketplace/bookings';
import { practices, professionals, shiftApplications, shifts } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import { loadApplicants } from './list-applicants';
import { marketplaceErrors } from './marketplace-errors';
import { toShiftSummary } from './shift-summary';

/**
 * The practice declines one pending applicant of its own shift (someone else's application is
 * 404, a decided or withdrawn one 409); the applicant is told.
 */
export async function declineApplication(
  ctx: ServiceContext,
  practiceId: string,
  applicationId: string,
  now: Date = new Date(),
): Promise<ApplicantDto> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: shiftApplications.status,
        shift: shifts,
        practiceName: practices.practiceName,
        professionalUserId: professionals.userId,
      })
      .from(shiftApplications)
      .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .innerJoin(professionals, eq(professionals.id, shiftApplications.professionalId))
      .where(and(eq(shiftApplications.id, applicationId), eq(shifts.practiceId, practiceId)));
    if (!found) throw marketplaceErrors.applicationNotFound();
    if (found.status !== 'pending') throw marketplaceErrors.notPending();
    const [declined] = await tx
      .update(shiftApplications)
      .set({ status: 'declined', decidedAt: now, updatedAt: now })
      .where(and(eq(shiftApplications.id, applicationId), eq(shiftApplications.status, 'pending')))
      .returning({ id: shiftApplications.id });
    if (!declined) throw marketplaceErrors.notPending();
    await notify(tx, ctx.env, {
      kind: 'application_declined',
      professionalUserId: found.professionalUserId,
      shift: toShiftSummary(found.shift, found.practiceName),
    });
    const [applicant] = await loadApplicants(tx, eq(shiftApplications.id, applicationId));
    return applicant!;
  });
}
