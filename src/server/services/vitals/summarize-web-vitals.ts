import { sql } from 'drizzle-orm';
import {
  rateWebVital,
  WEB_VITALS_SUMMARY_DAYS,
  webVitalNames,
  type WebVitalName,
} from '@shared/web-vitals';
import type { WebVitalsRouteSummaryDto } from '@shared/web-vitals-replies';
import type { WebVitalsSummaryDto } from '@shared/web-vitals-replies';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../context';

interface SummaryRow {
  route: string;
  metric: string;
  p75: number | string;
  samples: number | string;
}

/**
 * The 75th percentile (continuous, as CrUX reports it) and the sample count of every metric on
 * every route over the last seven days; routes with the most samples first.
 */
export async function summarizeWebVitals(ctx: ServiceContext): Promise<WebVitalsSummaryDto> {
  const rows = await queryRows<SummaryRow>(
    ctx.db,
    sql`
      select route, metric,
             percentile_cont(0.75) within group (order by value) as p75,
             count(*)::int as samples
      from web_vitals
      where created_at >= now() - make_interval(days => ${WEB_VITALS_SUMMARY_DAYS})
      group by route, metric`,
  );
  const byRoute = new Map<string, WebVitalsRouteSummaryDto>();
  for (const row of rows) {
    if (!(webVitalNames as readonly string[]).includes(row.metric)) continue;
    const name = row.metric as WebVitalName;
    const p75 = Number(row.p75);
    const samples = Number(row.samples);
    const entry = byRoute.get(row.route) ?? { route: row.route, samples: 0, metrics: {} };
    entry.samples += samples;
    entry.metrics[name] = { p75, samples, rating: rateWebVital(name, p75) };
    byRoute.set(row.route, entry);
  }
  const routes = [...byRoute.values()].sort(
    (a, b) => b.samples - a.samples || a.route.localeCompare(b.route),
  );
  return { days: WEB_VITALS_SUMMARY_DAYS, routes };
}
