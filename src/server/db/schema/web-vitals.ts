import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One Core Web Vitals measurement from a real visitor's browser: the page's route pattern (never
 * the raw address), the metric, its value (milliseconds, CLS unitless) and the browser's rating.
 * Rows older than 30 days are deleted as new reports arrive; the console reads the last 7 days.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    route: text('route').notNull(),
    metric: text('metric', { enum: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] }).notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating', { enum: ['good', 'needs-improvement', 'poor'] }),
    navigationType: text('navigation_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The 7-day aggregation and the 30-day clean-up both scan by time.
    index('web_vitals_created_at_idx').on(table.createdAt),
    check('web_vitals_metric_check', sql`${table.metric} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check('web_vitals_value_check', sql`${table.value} >= 0`),
  ],
);
