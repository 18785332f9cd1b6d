import { z } from 'zod';
/**
 * Who pays the professional, what ChairFill's fee is and what a late cancellation costs: one home
 * for the rules the server charges by and the texts the screens show before anyone commits.
 */

export * from './pay-terms-constants';

/** The settings in force (PLATFORM_FEE_PERCENT, LATE_CANCEL_HOURS), as the server announces them. */
export const payTermsReply = z
  .object({
    feeBasisPoints: z.number().int(),
    lateCancelMinutes: z.number().int(),
    lateCancelWindowHours: z.number().int(),
  })
  .meta({ id: 'PayTerms' });

export type PayTermsDto = z.infer<typeof payTermsReply>;
