import { z } from 'zod';
import { webVitalNames, webVitalRatings } from './web-vitals-constants';

const webVitalSummaryReply = z.object({
  /** 75th percentile over the window (milliseconds; CLS unitless). */
  p75: z.number(),
  samples: z.number().int(),
  rating: z.enum(webVitalRatings),
});

const webVitalsRouteSummaryReply = z.object({
  route: z.string(),
  /** Samples of all metrics together, for ordering. */
  samples: z.number().int(),
  metrics: z.object(
    Object.fromEntries(
      webVitalNames.map((name) => [name, webVitalSummaryReply.optional()]),
    ) as Record<(typeof webVitalNames)[number], z.ZodOptional<typeof webVitalSummaryReply>>,
  ),
});

/** GET /api/admin/web-vitals: the last seven days per route, busiest route first. */
export const webVitalsSummaryReply = z
  .object({ days: z.number().int(), routes: z.array(webVitalsRouteSummaryReply) })
  .meta({ id: 'WebVitalsSummary' });

export type WebVitalSummaryDto = z.infer<typeof webVitalSummaryReply>;
export type WebVitalsRouteSummaryDto = z.infer<typeof webVitalsRouteSummaryReply>;
export type WebVitalsSummaryDto = z.infer<typeof webVitalsSummaryReply>;
