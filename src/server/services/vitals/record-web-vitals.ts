import { sql } from 'drizzle-orm';
import { WEB_VITALS_RETENTION_DAYS, type WebVitalsReport } from '@shared/web-vitals';
import { webVitals } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * Stores one page's measurements, and in the same transaction deletes measurements older than
 * the retention period (an index range scan on created_at that finds nothing most of the time).
 */
export async function recordWebVitals(ctx: ServiceContext, report: WebVitalsReport): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(webVitals)
      .where(
        sql`${webVitals.createdAt} < now() - make_interval(days => ${WEB_VITALS_RETENTION_DAYS})`,
      );
    await tx.insert(webVitals).values(
      report.metrics.map((metric) => ({
        route: report.route,
        metric: metric.name,
        value: metric.value,
        rating: metric.rating ?? null,
        navigationType: metric.navigationType ?? null,
      })),
    );
  });
}
