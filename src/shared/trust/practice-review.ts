import { z } from 'zod';
import { multiLineText } from '../validation/fields';
import { MAX_DECISION_REASON_LENGTH, screeningMessages } from '../screening-constants';
import {
  practiceReviewStatuses,
  practiceReviewDecisions,
  practiceReviewMessages,
} from './practice-review-constants';

export * from './practice-review-constants';

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
