/** Site speed (real visitors' Web Vitals) in the admin console. */
export const siteSpeedKeys = {
  summary: ['admin', 'web-vitals'],
} as const;
