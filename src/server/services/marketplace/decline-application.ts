import { eq } from 'drizzle-orm';
import type { ApplicantDto } from '@shared/marketplace/booking-replies';
import { shiftApplications } from '../../db/schema';
import { notify } from '../../notifications/notify';
import type { ServiceContext } from '../context';
import { openBlockSiblings, pendingBlockApplications } from './block-postings';
import { loadApplicants } from './list-applicants';
import { decideApplication, pendingApplicationOfPractice } from './practice-application';
import { toShiftSummary } from './shift-summary';

/**
 * The practice declines one pending applicant of its own shift (someone else's application is
 * 404, a decided or withdrawn one 409); the applicant is told.
 */
export async function declineApplication(
  ctx: ServiceContext,
  practiceId: string,
  applicationId: string,
  now: Date = ctx.clock.now(),
): Promise<ApplicantDto> {
  return ctx.db.transaction(async (tx) => {
    const found = await pendingApplicationOfPractice(tx, practiceId, applicationId, now);
    await decideApplication(tx, applicationId, 'declined', now);
    // A whole block is declined as a whole.
    const siblings = await openBlockSiblings(tx, found.shift, now);
    for (const date of await pendingBlockApplications(tx, siblings, found.professional.id)) {
      await decideApplication(tx, date.application.id, 'declined', now);
    }
    await notify(
      tx,
      {
        kind: 'application_declined',
        professionalUserId: found.professional.userId,
        shift: toShiftSummary(found.shift, found.practiceName, now),
      },
      now,
    );
    const [applicant] = await loadApplicants(tx, eq(shiftApplications.id, applicationId), now);
    return applicant!;
  });
}
