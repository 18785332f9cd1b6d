import { z } from 'zod';
import { multiLineText } from '../validation/fields';
import { MAX_DECISION_REASON_LENGTH, screeningMessages } from '../screening-constants';

/**
 * ChairFill's review of a practice (decision record 021): a new practice is 'pending' until an
 * admin verifies it; until then its shifts reach no professional and it may hold only a few
 * open shifts. 'rejected' keeps it that way, with the reason shown to the practice.
 */
export const practiceReviewStatuses = ['pending', 'verified', 'rejected'] as const;
export type PracticeReviewStatus = (typeof practiceReviewStatuses)[number];

export const practiceReviewDecisions = ['verified', 'rejected'] as const;
export type PracticeReviewDecision = (typeof practiceReviewDecisions)[number];

/** The statuses each decision may be taken from (the other answers 409). */
export const practiceReviewTransitions: Record<
  PracticeReviewDecision,
  readonly PracticeReviewStatus[]
> = {
  verified: ['pending', 'rejected'],
  rejected: ['pending', 'verified'],
};

export const practiceReviewMessages = {
  practiceNotFound: 'Practice not found.',
  reasonRequired: screeningMessages.reasonRequired,
  alreadyDecided: {
    verified: 'This practice is already verified.',
    rejected: 'This practice is already rejected.',
  } satisfies Record<PracticeReviewDecision, string>,
  decisionSaved: {
    verified: 'Practice verified.',
    rejected: 'Practice rejected.',
  } satisfies Record<PracticeReviewDecision, string>,
  listFailed: 'Failed to load practices. Please try again.',
  decisionFailed: 'Failed to save the decision. Please try again.',
  /** The cap on open shifts while the practice is not verified. */
  openShiftLimit: (limit: number) =>
    limit === 0
      ? 'Your practice can post shifts once ChairFill has verified it.'
      : `Until ChairFill verifies your practice, it can have at most ${limit} open ${limit === 1 ? 'shift' : 'shifts'}. Cancel one or wait for the review.`,
} as const;

/** What the practice reads about its review (portal banner, reach line); null once verified. */
export function practiceReviewNotice(
  status: PracticeReviewStatus,
  reason: string,
): { title: string; body: string } | null {
  switch (status) {
    case 'pending':
      return {
        title: 'Your practice is being reviewed',
        body: 'ChairFill checks every new practice before its shifts reach professionals, usually within one business day. You can post shifts now: professionals see them once your practice is verified.',
      };
    case 'rejected':
      return {
        title: 'Your practice was not verified',
        body: `${reason ? `${reason.replace(/[.!?]?$/, '.')} ` : ''}Your shifts do not reach professionals. Reply to ChairFill's e-mail or contact support to be reviewed again.`,
      };
    case 'verified':
      return null;
  }
}

/** Why a shift's reach is 0 while the practice is not verified (next to "reaches N"). */
export const unreviewedReachText =
  'Reaches no professionals until ChairFill verifies your practice.';

/** Body of POST /api/admin/practices/:id/decisions. */
export const practiceReviewDecisionSchema = z
  .object({
    decision: z.enum(practiceReviewDecisions),
    reason: multiLineText({
      max: MAX_DECISION_REASON_LENGTH,
      tooLong: screeningMessages.reasonTooLong,
    })
      .optional()
      .transform((value) => value ?? ''),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'rejected' && !input.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: practiceReviewMessages.reasonRequired,
      });
    }
  });

/** One decision in a practice's review history. */
export const practiceReviewDecisionReply = z
  .object({
    id: z.string(),
    decision: z.enum(practiceReviewDecisions),
    reason: z.string(),
    createdAt: z.string(),
    admin: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'PracticeReviewDecision' });

/** A practice as the admin's review console shows it: the practice, its locations, its owner. */
export const practiceForReviewReply = z
  .object({
    id: z.string(),
    practiceName: z.string(),
    status: z.enum(practiceReviewStatuses),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    businessOwner: z.string(),
    pointOfContact: z.string(),
    mobileNumber: z.string(),
    /** The sign-in account that owns the practice. */
    owner: z.object({ name: z.string(), email: z.string(), emailVerified: z.boolean() }),
    locations: z.array(z.object({ name: z.string(), address: z.string(), phone: z.string() })),
    openShifts: z.number().int(),
    createdAt: z.string(),
    /** Newest first. */
    history: z.array(practiceReviewDecisionReply),
  })
  .meta({ id: 'PracticeForReview' });

export const practiceReviewListReply = z
  .object({
    status: z.enum(practiceReviewStatuses),
    practices: z.array(practiceForReviewReply),
    counts: z.object({
      pending: z.number().int(),
      verified: z.number().int(),
      rejected: z.number().int(),
    }),
  })
  .meta({ id: 'PracticeReviewList' });

export const practiceReviewResultReply = z.object({
  decisionId: z.string(),
  practiceId: z.string(),
  status: z.enum(practiceReviewStatuses),
});

/** The practice's own review state, as its portal shows it. */
export const practiceReviewStateReply = z
  .object({ status: z.enum(practiceReviewStatuses), reason: z.string() })
  .meta({ id: 'PracticeReviewState' });

export type PracticeForReviewDto = z.infer<typeof practiceForReviewReply>;
export type PracticeReviewListDto = z.infer<typeof practiceReviewListReply>;
export type PracticeReviewDecisionDto = z.infer<typeof practiceReviewDecisionReply>;
