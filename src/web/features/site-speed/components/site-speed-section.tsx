import { webVitalsMessages } from '@shared/web-vitals-constants';
import { Button } from '@web/components/ui/button';
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
      {summary.isError ? (
        <div className="space-y-2" role="alert">
          <p className="text-red-700">{webVitalsMessages.summaryFailed}</p>
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : !summary.data ? (
        <p aria-busy="true" className="text-slate-600">
          Loading…
        </p>
      ) : summary.data.routes.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          No measurements in the last {summary.data.days} days yet. Figures appear here once
          visitors have opened the sign-up, login or portal pages.
        </p>
      ) : (
        <div className="space-y-6">
          {summary.data.routes.map((route) => (
            <RouteVitalsTable key={route.route} summary={route} days={summary.data.days} />
          ))}
        </div>
      )}
    </section>
  );
}
