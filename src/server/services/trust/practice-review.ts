import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { portalPathByAccountType } from '@shared/accounts';
import { formatAddressLines } from '@shared/address-format';
import { reasonSentence } from '@shared/reason-text';
import {
  practiceReviewMessages,
  practiceReviewStatuses,
  practiceReviewTransitions,
  type PracticeReviewDecision,
  type PracticeReviewDecisionDto,
  type PracticeReviewListDto,
  type PracticeReviewStatus,
} from '@shared/trust/practice-review';
import { locations, practiceVerificationDecisions, practices, shifts, user } from '../../db/schema';
import { notificationEmail } from '../../mail/templates/notification';
import { deliverNotifications, settingsPath } from '../../notifications/deliver-notifications';
import type { ServiceContext } from '../context';
import { forgetPracticeReach } from '../matching/count-shift-reach';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';

/** Upper bound of one console tab (a small staff reviewing a regional market). */
const MAX_LISTED = 500;

const notFound = () => new DomainError(404, 'not_found', practiceReviewMessages.practiceNotFound);

/** One line of an address: 'street, Town, NJ ZIP'. */
function addressLine(place: { address: string; city: string; zipCode: string }): string {
  return formatAddressLines(place).join(', ');
}

/**
 * The practices of one review status for the admin console (longest waiting first): the
 * practice, its owner's sign-in account, its locations, how many open shifts it holds and the
 * decisions so far (newest first), with the number in each status for the tabs.
 */
export async function listPracticesForReview(
  ctx: ServiceContext,
  status: PracticeReviewStatus,
): Promise<PracticeReviewListDto> {
  const rows = await ctx.db
    .select({
      practice: practices,
      ownerName: user.name,
      ownerEmail: user.email,
      ownerEmailVerified: user.emailVerified,
    })
    .from(practices)
    .innerJoin(user, eq(user.id, practices.userId))
    .where(eq(practices.verificationStatus, status))
    .orderBy(asc(practices.createdAt), asc(practices.id))
    .limit(MAX_LISTED);
  const ids = rows.map((row) => row.practice.id);
  const [places, openCounts, decisions, statusCounts] = await Promise.all([
    ids.length
      ? ctx.db
          .select()
          .from(locations)
          .where(inArray(locations.practiceId, ids))
          .orderBy(desc(locations.isMainLocation), asc(locations.createdAt))
      : [],
    ids.length
      ? ctx.db
          .select({ practiceId: shifts.practiceId, n: count() })
          .from(shifts)
          .where(
            and(
              inArray(shifts.practiceId, ids),
              eq(shifts.status, 'open'),
              gt(shifts.startsAt, ctx.clock.now()),
            ),
          )
          .groupBy(shifts.practiceId)
      : [],
    ids.length ? decisionHistory(ctx, ids) : new Map<string, PracticeReviewDecisionDto[]>(),
    ctx.db
      .select({ status: practices.verificationStatus, n: count() })
      .from(practices)
      .groupBy(practices.verificationStatus),
  ]);
  const counts = Object.fromEntries(practiceReviewStatuses.map((s) => [s, 0])) as Record<
    PracticeReviewStatus,
    number
  >;
  for (const row of statusCounts) counts[row.status] = Number(row.n);
  const openById = new Map(openCounts.map((row) => [row.practiceId, Number(row.n)]));
  return {
    status,
    counts,
    practices: rows.map(({ practice, ownerName, ownerEmail, ownerEmailVerified }) => ({
      id: practice.id,
      practiceName: practice.practiceName,
      status: practice.verificationStatus,
      email: practice.email,
      phone: practice.phone,
      address: addressLine(practice),
      businessOwner: practice.businessOwner,
      pointOfContact: practice.pointOfContact,
      mobileNumber: practice.mobileNumber,
      owner: { name: ownerName, email: ownerEmail, emailVerified: ownerEmailVerified },
      locations: places
        .filter((place) => place.practiceId === practice.id)
        .map((place) => ({ name: place.name, address: addressLine(place), phone: place.phone })),
      openShifts: openById.get(practice.id) ?? 0,
      createdAt: practice.createdAt.toISOString(),
      history: decisions.get(practice.id) ?? [],
    })),
  };
}

async function decisionHistory(
  ctx: ServiceContext,
  practiceIds: string[],
): Promise<Map<string, PracticeReviewDecisionDto[]>> {
  const rows = await ctx.db
    .select({
      decision: practiceVerificationDecisions,
      adminName: user.name,
      adminEmail: user.email,
    })
    .from(practiceVerificationDecisions)
    .leftJoin(user, eq(user.id, practiceVerificationDecisions.adminUserId))
    .where(inArray(practiceVerificationDecisions.practiceId, practiceIds))
    .orderBy(desc(practiceVerificationDecisions.createdAt), desc(practiceVerificationDecisions.id));
  const history = new Map<string, PracticeReviewDecisionDto[]>();
  for (const { decision, adminName, adminEmail } of rows) {
    const list = history.get(decision.practiceId) ?? [];
    list.push({
      id: decision.id,
      decision: decision.decision,
      reason: decision.reason,
      createdAt: decision.createdAt.toISOString(),
      admin: decision.adminUserId
        ? { id: decision.adminUserId, name: adminName ?? '', email: adminEmail ?? '' }
        : null,
    });
    history.set(decision.practiceId, list);
  }
  return history;
}

const decisionTitles: Record<PracticeReviewDecision, string> = {
  verified: 'Your practice is verified',
  rejected: 'Your practice was not verified',
};
const decisionBodies: Record<PracticeReviewDecision, string> = {
  verified: 'ChairFill has verified your practice. Your open shifts now reach professionals.',
  rejected: 'ChairFill could not verify your practice. Your shifts do not reach professionals.',
};

/**
 * An admin verifies or rejects (with a reason) a practice. The history row and the new status
 * are written in one transaction with the practice's row locked (two admins at once cannot both
 * pass the transition check), together with the practice's bell entry and e-mail. The status
 * change drops every kept board (a trigger announces it), so the practice's shifts appear on
 * or leave the boards at once.
 */
export async function decidePracticeReview(
  ctx: ServiceContext,
  adminUserId: string,
  practiceId: string,
  input: { decision: PracticeReviewDecision; reason: string },
) {
  const reason = input.decision === 'rejected' ? input.reason.trim() : '';
  if (input.decision === 'rejected' && !reason) {
    throw new DomainError(400, 'validation_failed', practiceReviewMessages.reasonRequired, {
      reason: practiceReviewMessages.reasonRequired,
    });
  }
  const decisionId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: practices.verificationStatus,
        userId: practices.userId,
        pointOfContact: practices.pointOfContact,
      })
      .from(practices)
      .where(eq(practices.id, practiceId))
      .for('update');
    if (!row) throw notFound();
    if (!practiceReviewTransitions[input.decision].includes(row.status)) {
      throw new DomainError(
        409,
        'invalid_transition',
        practiceReviewMessages.alreadyDecided[input.decision],
      );
    }
    const now = ctx.clock.now();
    const [decision] = await tx
      .insert(practiceVerificationDecisions)
      .values({ practiceId, adminUserId, decision: input.decision, reason })
      .returning({ id: practiceVerificationDecisions.id });
    await tx
      .update(practices)
      .set({ verificationStatus: input.decision, verificationDecidedAt: now, updatedAt: now })
      .where(eq(practices.id, practiceId));
    // Its shifts' stored reach was computed for the old status.
    await forgetPracticeReach(tx, practiceId, now);
    const portal = portalPathByAccountType.practice;
    const title = decisionTitles[input.decision];
    const body = [decisionBodies[input.decision], reasonSentence(reason)].filter(Boolean).join(' ');
    await deliverNotifications(tx, [
      {
        userId: row.userId,
        kind: 'verification_decision',
        compose: (recipient) => ({
          title,
          body,
          linkPath: portal,
          linkUrl: `${ctx.env.publicUrl}${portal}`,
          email: notificationEmail({
            to: recipient.email,
            name: row.pointOfContact,
            subject: title,
            paragraphs: [decisionBodies[input.decision], reasonSentence(reason)].filter(Boolean),
            action: { label: 'Open your portal', url: `${ctx.env.publicUrl}${portal}` },
            settingsUrl: `${ctx.env.publicUrl}${settingsPath('practice')}`,
          }),
        }),
      },
    ]);
    return decision!.id;
  });
  ctx.logger.info('practice review decision', {
    practiceId,
    adminUserId,
    decision: input.decision,
  });
  return { decisionId, practiceId, status: input.decision };
}

/** The practice's own review state: its status and, when rejected, the admin's reason. */
export async function practiceReviewState(ctx: ServiceContext, practiceId: string) {
  const [row] = await ctx.db
    .select({ status: practices.verificationStatus })
    .from(practices)
    .where(eq(practices.id, practiceId));
  if (!row) throw notFound();
  if (row.status !== 'rejected') return { status: row.status, reason: '' };
  const [last] = await ctx.db
    .select({ reason: practiceVerificationDecisions.reason })
    .from(practiceVerificationDecisions)
    .where(eq(practiceVerificationDecisions.practiceId, practiceId))
    .orderBy(desc(practiceVerificationDecisions.createdAt))
    .limit(1);
  return { status: row.status, reason: last?.reason ?? '' };
}

/**
 * Inside a posting's transaction, with the practice's row locked: a practice ChairFill has not
 * verified may hold at most `unreviewedPracticeOpenShifts` open future shifts (409 beyond,
 * saying how many more dates fit now).
 */
export async function assertMayPostShifts(
  ctx: ServiceContext,
  tx: Tx,
  practice: { id: string; verificationStatus: PracticeReviewStatus },
  adding: number,
  now: Date,
): Promise<void> {
  if (practice.verificationStatus === 'verified') return;
  const limit = ctx.env.unreviewedPracticeOpenShifts;
  const [open] = await tx
    .select({ n: count() })
    .from(shifts)
    .where(
      and(eq(shifts.practiceId, practice.id), eq(shifts.status, 'open'), gt(shifts.startsAt, now)),
    );
  const openNow = Number(open?.n ?? 0);
  if (openNow + adding > limit) {
    throw new DomainError(
      409,
      'review_pending',
      practiceReviewMessages.openShiftLimit(limit, openNow),
    );
  }
}
