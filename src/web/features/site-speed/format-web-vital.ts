import { webVitalThresholds, type WebVitalName } from '@shared/web-vitals-constants';

export const webVitalLabels: Record<WebVitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

/** Display order: the three Core Web Vitals first, then the two loading diagnostics. */
export const webVitalOrder: WebVitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

/** '850 ms' below a second, '2.35 s' from a second up; CLS is a score with two decimals. */
export function formatWebVital(name: WebVitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2);
  if (Math.round(value) < 1000) return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2).replace(/\.?0+$/, '')} s`;
}

/** Google's bands as text, e.g. 'Good up to 2.5 s; poor above 4 s'. */
export function thresholdText(name: WebVitalName): string {
  const { good, poor } = webVitalThresholds[name];
  return `Good up to ${formatWebVital(name, good)}; poor above ${formatWebVital(name, poor)}`;
}
