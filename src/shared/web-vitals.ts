import { z } from 'zod';
import {
  isWebVitalsRoute,
  MAX_METRICS_PER_REPORT,
  webVitalMaxValues,
  webVitalNames,
  webVitalNavigationTypes,
  webVitalRatings,
  webVitalsMessages,
} from './web-vitals-constants';

export * from './web-vitals-constants';

const metricSchema = z
  .object({
    name: z.enum(webVitalNames, { error: webVitalsMessages.unknownMetric }),
    value: z
      // zod numbers refuse NaN and Infinity.
      .number({ error: webVitalsMessages.invalidValue })
      .min(0, { error: webVitalsMessages.invalidValue }),
    rating: z.enum(webVitalRatings).optional(),
    navigationType: z.enum(webVitalNavigationTypes).optional(),
  })
  .strict()
  .refine((metric) => metric.value <= webVitalMaxValues[metric.name], {
    error: webVitalsMessages.valueTooLarge,
    path: ['value'],
  });

/** POST /api/vitals: what one page sends when it is hidden or left. */
export const webVitalsReportSchema = z
  .object({
    route: z
      .string({ error: webVitalsMessages.invalidRoute })
      .refine(isWebVitalsRoute, { error: webVitalsMessages.invalidRoute }),
    metrics: z
      .array(metricSchema, { error: webVitalsMessages.noMetrics })
      .min(1, { error: webVitalsMessages.noMetrics })
      .max(MAX_METRICS_PER_REPORT, { error: webVitalsMessages.tooManyMetrics }),
  })
  .strict();

export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
export type WebVitalMeasurement = WebVitalsReport['metrics'][number];
