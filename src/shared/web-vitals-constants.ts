import { appPagePatterns, normalizePath } from './site-routes';

/**
 * Real-user Core Web Vitals: what visitors' browsers measure on the app pages (sign-up, login and
 * the portals; public pages ship no script) and the console's 75th percentiles per route.
 */
export const webVitalNames = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

export const webVitalRatings = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof webVitalRatings)[number];

/** Navigation types the web-vitals library reports. */
export const webVitalNavigationTypes = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;

/** Where a page's beacon sends its report (sendBeacon takes a path, not the typed client). */
export const webVitalsPaths = { report: '/api/vitals' } as const;

/** Google's thresholds: up to `good` is good, up to `poor` needs improvement, above is poor. */
export const webVitalThresholds: Record<WebVitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** Largest believable value per metric (milliseconds; CLS is a unitless score). */
export const webVitalMaxValues: Record<WebVitalName, number> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
  FCP: 600_000,
  TTFB: 600_000,
};

export const MAX_METRICS_PER_REPORT = 20;
export const MAX_ROUTE_SEGMENTS = 4;
export const MAX_ROUTE_SEGMENT_LENGTH = 40;
export const MAX_ROUTE_LENGTH = MAX_ROUTE_SEGMENTS * (MAX_ROUTE_SEGMENT_LENGTH + 1);
/** A report is a few hundred bytes; anything much larger is not one. */
export const MAX_REPORT_BYTES = 4 * 1024;
/** The console's window, and how long measurements are kept. */
export const WEB_VITALS_SUMMARY_DAYS = 7;
export const WEB_VITALS_RETENTION_DAYS = 30;

export const webVitalsMessages = {
  unknownMetric: 'Unknown metric',
  invalidValue: 'The value must be a finite number of zero or more',
  valueTooLarge: 'The value is too large',
  invalidRoute: 'The route must be a page pattern such as /practice-portal/staffing-requests',
  noMetrics: 'A report needs at least one metric',
  tooManyMetrics: `A report holds at most ${MAX_METRICS_PER_REPORT} metrics`,
  tooManyReports: 'Too many reports. Please try again later.',
  summaryFailed: 'Failed to load site speed figures. Please try again.',
} as const;

export const ratingLabels: Record<WebVitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** The rating of a value by Google's thresholds (equal to a threshold counts as the better one). */
export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = webVitalThresholds[name];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

const plainSegment = new RegExp(`^[a-z][a-z-]{0,${MAX_ROUTE_SEGMENT_LENGTH - 1}}$`);
const routeFormat = new RegExp(
  `^(/(:id|[a-z][a-z-]{0,${MAX_ROUTE_SEGMENT_LENGTH - 1}})){1,${MAX_ROUTE_SEGMENTS}}$`,
);

/** True for a route pattern of one of the app's pages (the only pages that report). */
export function isWebVitalsRoute(route: string): boolean {
  return (
    route.length <= MAX_ROUTE_LENGTH &&
    routeFormat.test(route) &&
    appPagePatterns.some((pattern) => pattern.test(route))
  );
}

/**
 * The route pattern recorded for a page address: the path only (no query or fragment), every
 * segment that is not a plain lowercase word (ids, tokens, numbers, encoded text) collapsed to
 * ':id', at most four segments. Null for an address that is not one of the app's pages.
 */
export function toWebVitalsRoute(pathname: string): string | null {
  const path = normalizePath(pathname.split(/[?#]/)[0] ?? '');
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, MAX_ROUTE_SEGMENTS)
    .map((segment) => (plainSegment.test(segment) ? segment : ':id'));
  const route = `/${segments.join('/')}`;
  return isWebVitalsRoute(route) ? route : null;
}
