import { z } from 'zod';
import { multiLineText } from './validation/fields';
import {
  decisionNeedsReason,
  MAX_DECISION_REASON_LENGTH,
  screeningMessages,
  verificationDecisionKinds,
} from './screening-constants';

export * from './screening-constants';

/** Body of POST /api/admin/professionals/:id/decisions. */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(verificationDecisionKinds),
    reason: multiLineText({
      max: MAX_DECISION_REASON_LENGTH,
      tooLong: screeningMessages.reasonTooLong,
    })
      .optional()
      .transform((value) => value ?? ''),
  })
  .superRefine((input, ctx) => {
    if (decisionNeedsReason[input.decision] && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: screeningMessages.reasonRequired });
    }
  });
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;
