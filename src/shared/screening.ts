import { z } from 'zod';
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
    reason: z
      .string()
      .max(MAX_DECISION_REASON_LENGTH, screeningMessages.reasonTooLong)
      .optional()
      .transform((value) => value?.trim() ?? ''),
  })
  .superRefine((input, ctx) => {
    if (decisionNeedsReason[input.decision] && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: screeningMessages.reasonRequired });
    }
  });
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;
