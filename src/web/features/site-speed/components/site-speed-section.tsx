import { webVitalsMessages } from '@shared/web-vitals-constants';
import { QueryState } from '@web/components/ui/query-state';
import { useWebVitalsSummary } from '../api/web-vitals-summary';
import { RouteVitalsTable } from './route-vitals-table';

/**
 * The admin console's 'Site speed' section: what real visitors experienced on the sign-up, login
 * and portal pages, as the 75th percentile of each Core Web Vital per page over the last 7 days.
 */
export function SiteSpeedSection() {
  const summary = useWebVitalsSummary();
  return (
    <section aria-labelledby="site-speed-heading" className="space-y-4">
      <h1 id="site-speed-heading" className="text-2xl font-bold text-ink">
        Site speed
      </h1>
      <p className="text-slate-700">
        How fast the sign-up, login and portal pages are for the practices and professionals who use
        them, measured in their own browsers. Each figure is the 75th percentile: three in four
        visits were at least this fast. Ratings follow Google’s Core Web Vitals thresholds.
      </p>
      <QueryState
        query={summary}
        failed={webVitalsMessages.summaryFailed}
        empty={{
          when: (data) => data.routes.length === 0,
          message: `No measurements in the last ${summary.data?.days ?? 7} days yet. Figures appear here once visitors have opened the sign-up, login or portal pages.`,
        }}
      >
        {(data) => (
          <div className="space-y-6">
            {data.routes.map((route) => (
              <RouteVitalsTable key={route.route} summary={route} days={data.days} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
