import type { DecisionResult } from '@shared/screening-replies';
import { eq } from 'drizzle-orm';
import { portalPathByAccountType } from '@shared/accounts';
import {
  decisionNeedsReason,
  decisionTransitions,
  impossibleTransitionMessage,
  screeningMessages,
  type VerificationDecisionKind,
} from '@shared/screening';
import { reasonSentence } from '@shared/reason-text';
import { professionals, verificationDecisions } from '../../db/schema';
import {
  verificationDecisionEmail,
  verificationDecisionTexts,
} from '../../mail/templates/verification-decision';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import type { ServiceContext } from '../context';
import { releaseSuspendedProfessional } from '../marketplace/release-suspended-professional';
import { verifySignupCredential } from '../trust/credentials';
import { DomainError } from '../domain-error';

/**
 * An admin's screening decision: verify, reject (reason), suspend (reason) or reinstate. The
 * history row and the new status are written in one transaction (the professional's row is
 * locked, so two admins deciding at once cannot both pass the transition check), together with
 * the professional's bell entry and e-mail (unless they turned verification e-mails off; the
 * worker delivers it on its next poll). A suspension also cancels the professional's future
 * bookings (each shift reopens, its practice told) and withdraws their pending applications
 * (releaseSuspendedProfessional). A decision the current status does not allow is a 409.
 */
export async function decideVerification(
  ctx: ServiceContext,
  adminUserId: string,
  professionalId: string,
  input: { decision: VerificationDecisionKind; reason: string },
): Promise<DecisionResult> {
  const notFound = new DomainError(404, 'not_found', screeningMessages.professionalNotFound);
  const reason = input.reason.trim();
  if (decisionNeedsReason[input.decision] && !reason) {
    throw new DomainError(400, 'validation_failed', screeningMessages.reasonRequired, {
      reason: screeningMessages.reasonRequired,
    });
  }
  const transition = decisionTransitions[input.decision];
  const decisionId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: professionals.status,
        role: professionals.role,
        firstName: professionals.firstName,
        userId: professionals.userId,
      })
      .from(professionals)
      .where(eq(professionals.id, professionalId))
      .for('update');
    if (!row) throw notFound;
    if (!transition.from.includes(row.status)) {
      throw new DomainError(
        409,
        'invalid_transition',
        impossibleTransitionMessage(input.decision, row.status),
      );
    }
    const [decision] = await tx
      .insert(verificationDecisions)
      .values({
        professionalId,
        adminUserId,
        decision: input.decision,
        reason,
      })
      .returning({ id: verificationDecisions.id });
    const now = ctx.clock.now();
    await tx
      .update(professionals)
      .set({ status: transition.to, updatedAt: now })
      .where(eq(professionals.id, professionalId));
    // The license they signed up with was checked in screening (decision record 022).
    if (row.status === 'pending' && transition.to === 'verified') {
      await verifySignupCredential(tx, professionalId, adminUserId, now);
    }
    // A suspended professional may not work: their future bookings and applications end here.
    if (transition.to === 'suspended') {
      await releaseSuspendedProfessional(tx, professionalId, now);
    }
    const shownReason = decisionNeedsReason[input.decision] ? reason : '';
    const texts = verificationDecisionTexts(input.decision, row.role);
    await deliverNotifications(tx, [
      {
        userId: row.userId,
        kind: 'verification_decision',
        compose: (recipient) => ({
          title: texts.subject,
          body: shownReason ? `${texts.body} ${reasonSentence(shownReason)}` : texts.body,
          linkPath: portalPathByAccountType[row.role],
          linkUrl: `${ctx.env.publicUrl}${portalPathByAccountType[row.role]}`,
          email: verificationDecisionEmail({
            to: recipient.email,
            name: row.firstName,
            decision: input.decision,
            role: row.role,
            reason: shownReason,
            portalUrl: `${ctx.env.publicUrl}${portalPathByAccountType[row.role]}`,
          }),
        }),
      },
    ]);
    return decision!.id;
  });
  ctx.logger.info('verification decision', {
    professionalId,
    adminUserId,
    decision: input.decision,
  });
  return { decisionId, professionalId, status: transition.to };
}
