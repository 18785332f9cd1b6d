import type { MetricType } from 'web-vitals';
import type { WebVitalMeasurement, WebVitalsReport } from '@shared/web-vitals';
import {
  MAX_METRICS_PER_REPORT,
  toWebVitalsRoute,
  webVitalMaxValues,
  webVitalsPaths,
} from '@shared/web-vitals-constants';

type WebVitalsLibrary = typeof import('web-vitals');

interface QueuedMeasurement {
  route: string;
  measurement: WebVitalMeasurement;
}

/** Sends one report the way that survives the page being left: a beacon, else a keepalive fetch. */
function send(report: WebVitalsReport): void {
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon?.(webVitalsPaths.report, body)) return;
  } catch {
    // Some browsers throw instead of answering false; fall back to fetch.
  }
  void fetch(webVitalsPaths.report, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  }).catch(() => {});
}

/**
 * Measures this page's Core Web Vitals and sends them, batched, whenever the page is hidden or
 * left. Page-load metrics belong to the address the page was opened at (`landingPath`, read
 * before the router changed it); a page restored from the back/forward cache reports for the
 * address it was restored at. Only the route pattern is sent, never the address itself.
 *
 * Each metric of a page view is sent once, with its value the first time the page is hidden, so
 * every stored value is one page view. Reporting never disturbs the page: failures are dropped.
 */
export function reportWebVitals(landingPath: string, vitals: WebVitalsLibrary): void {
  const landingRoute = toWebVitalsRoute(landingPath);
  const queue = new Map<string, QueuedMeasurement>();
  const sent = new Set<string>();

  const enqueue = (metric: MetricType) => {
    if (sent.has(metric.id)) return;
    const route =
      metric.navigationType === 'back-forward-cache'
        ? toWebVitalsRoute(window.location.pathname)
        : landingRoute;
    // A page left open in the background for hours is not a measurement worth keeping.
    if (!route || !(metric.value <= webVitalMaxValues[metric.name])) return;
    queue.set(metric.id, {
      route,
      measurement: {
        name: metric.name,
        // web-vitals values are non-negative; rounding keeps reports small.
        value: metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : metric.value,
        rating: metric.rating,
        navigationType: metric.navigationType,
      },
    });
  };

  const flush = () => {
    if (queue.size === 0) return;
    const byRoute = new Map<string, WebVitalMeasurement[]>();
    for (const [id, { route, measurement }] of queue) {
      byRoute.set(route, [...(byRoute.get(route) ?? []), measurement]);
      sent.add(id);
    }
    queue.clear();
    for (const [route, measurements] of byRoute) {
      for (let start = 0; start < measurements.length; start += MAX_METRICS_PER_REPORT) {
        send({ route, metrics: measurements.slice(start, start + MAX_METRICS_PER_REPORT) });
      }
    }
  };

  vitals.onLCP(enqueue);
  vitals.onINP(enqueue);
  vitals.onCLS(enqueue);
  vitals.onFCP(enqueue);
  vitals.onTTFB(enqueue);

  // Added after web-vitals' own (capturing) listeners, so the final CLS, INP and LCP values are
  // queued before this flush runs. Safari does not always fire visibilitychange when a page is
  // left, hence pagehide too.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
