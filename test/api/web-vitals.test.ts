import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { genericErrors } from '../../src/shared/messages';
import {
  MAX_METRICS_PER_REPORT,
  rateWebVital,
  toWebVitalsRoute,
  webVitalsMessages,
} from '../../src/shared/web-vitals';
import type { WebVitalsSummaryDto } from '../../src/shared/web-vitals-replies';
import { rateLimits, webVitals } from '../../src/server/db/schema';
import { rateLimitRules } from '../../src/server/routes/rate-limits';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import { signedInPractice, signedInProfessional } from '../support/professional-session';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
let visitor: ApiClient;
let admin: ApiClient;

const ROUTE = '/practice-portal/staffing-requests';

async function signedInAdmin(): Promise<ApiClient> {
  const email = `admin-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = 'admin-password-123';
  await createAdminAccount(server.services, { email, password, name: 'Pat Admin' });
  const client = server.client();
  const res = await client.post('/api/login', { email, password, audience: 'admin' });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return client;
}

async function storedRows() {
  return server.services.db.select().from(webVitals);
}

async function clearMeasurements() {
  await server.services.db.delete(webVitals);
  await server.services.db.execute(sql`delete from rate_limits where key like 'web-vitals:%'`);
}

/** Inserts a measurement taken `daysAgo` days ago, straight into the table. */
async function insertMeasurement(route: string, metric: 'LCP' | 'CLS', value: number, daysAgo = 0) {
  await server.services.db.insert(webVitals).values({
    route,
    metric,
    value,
    createdAt: sql`now() - make_interval(days => ${daysAgo})`,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  admin = await signedInAdmin();
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(clearMeasurements);

describe('route patterns and ratings', () => {
  it.each([
    ['/practice-portal', '/practice-portal'],
    ['/practice-portal/', '/practice-portal'],
    ['/practice-portal/staffing-requests?tab=open#top', '/practice-portal/staffing-requests'],
    ['/practice-portal/shifts/3f2a9c1e-1111-4222-8333-444455556666', '/practice-portal/shifts/:id'],
    ['/hygienist-portal/find-shifts/12345/apply', '/hygienist-portal/find-shifts/:id/apply'],
    ['/dental-assistant/a/b/c/d/e', '/dental-assistant/a/b/c'],
    ['/professional-signup/hygienist', '/professional-signup/hygienist'],
    ['/front-desk-portal/Schedule', '/front-desk-portal/:id'],
    ['/admin/site%20speed', '/admin/:id'],
    ['/admin/login', '/admin/login'],
  ])('records %s as %s', (path, route) => {
    expect(toWebVitalsRoute(path)).toBe(route);
  });

  it.each(['/', '/about', '/privacy', '/some-page', '/12345'])(
    'records nothing for %s (not a page of the app)',
    (path) => {
      expect(toWebVitalsRoute(path)).toBeNull();
    },
  );

  it('rates values by Google’s thresholds, the threshold itself counting as the better band', () => {
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4000)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4001)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.26)).toBe('poor');
    expect(rateWebVital('INP', 201)).toBe('needs-improvement');
    expect(rateWebVital('TTFB', 1801)).toBe('poor');
  });
});

describe('POST /api/vitals', () => {
  it('stores a signed-out visitor’s report and answers 204 with no body', async () => {
    const res = await visitor.post('/api/vitals', {
      route: ROUTE,
      metrics: [
        { name: 'LCP', value: 1234.5, rating: 'good', navigationType: 'navigate' },
        { name: 'CLS', value: 0.02, rating: 'good' },
        { name: 'TTFB', value: 80 },
      ],
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const rows = await storedRows();
    expect(
      rows
        .map(({ route, metric, value, rating, navigationType }) => ({
          route,
          metric,
          value,
          rating,
          navigationType,
        }))
        .sort((a, b) => a.metric.localeCompare(b.metric)),
    ).toEqual([
      { route: ROUTE, metric: 'CLS', value: 0.02, rating: 'good', navigationType: null },
      { route: ROUTE, metric: 'LCP', value: 1234.5, rating: 'good', navigationType: 'navigate' },
      { route: ROUTE, metric: 'TTFB', value: 80, rating: null, navigationType: null },
    ]);
    expect(rows.every((row) => row.createdAt.getTime() > Date.now() - 60_000)).toBe(true);
  });

  it('takes a beacon body sent as text/plain or application/json from our own origin', async () => {
    const body = JSON.stringify({ route: '/admin', metrics: [{ name: 'FCP', value: 300 }] });
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await visitor.raw('POST', '/api/vitals', body, { 'content-type': type });
      expect(res.status).toBe(204);
    }
    expect(await storedRows()).toHaveLength(2);
  });

  it('accepts every metric at the largest allowed value and 0', async () => {
    const res = await visitor.post('/api/vitals', {
      route: '/hygienist-portal/find-shifts',
      metrics: [
        { name: 'LCP', value: 600_000 },
        { name: 'INP', value: 0 },
        { name: 'CLS', value: 100 },
        { name: 'FCP', value: 1 },
        { name: 'TTFB', value: 600_000 },
      ],
    });
    expect(res.status).toBe(204);
    expect(await storedRows()).toHaveLength(5);
  });

  const tooMany = Array.from({ length: MAX_METRICS_PER_REPORT + 1 }, () => ({
    name: 'CLS',
    value: 0,
  }));
  const invalidReports: Array<[string, unknown, string]> = [
    [
      'an unknown metric',
      { route: ROUTE, metrics: [{ name: 'FID', value: 10 }] },
      'metrics.0.name',
    ],
    [
      'a negative value',
      { route: ROUTE, metrics: [{ name: 'LCP', value: -1 }] },
      'metrics.0.value',
    ],
    [
      'a value that is not a number',
      { route: ROUTE, metrics: [{ name: 'LCP', value: '12' }] },
      'metrics.0.value',
    ],
    [
      'a NaN value (null in JSON)',
      { route: ROUTE, metrics: [{ name: 'LCP', value: null }] },
      'metrics.0.value',
    ],
    [
      'an LCP over ten minutes',
      { route: ROUTE, metrics: [{ name: 'LCP', value: 600_001 }] },
      'metrics.0.value',
    ],
    [
      'a CLS over 100',
      { route: ROUTE, metrics: [{ name: 'CLS', value: 100.5 }] },
      'metrics.0.value',
    ],
    [
      'an unknown rating',
      { route: ROUTE, metrics: [{ name: 'CLS', value: 0, rating: 'great' }] },
      'metrics.0.rating',
    ],
    [
      'an unknown navigation type',
      { route: ROUTE, metrics: [{ name: 'CLS', value: 0, navigationType: 'x' }] },
      'metrics.0.navigationType',
    ],
    [
      'an extra metric field',
      { route: ROUTE, metrics: [{ name: 'CLS', value: 0, id: 'v5-1' }] },
      'metrics.0',
    ],
    ['no metrics', { route: ROUTE, metrics: [] }, 'metrics'],
    ['more metrics than a report holds', { route: ROUTE, metrics: tooMany }, 'metrics'],
    [
      'a route with an id in it',
      {
        route: '/practice-portal/shifts/3f2a9c1e-1111-4222-8333-444455556666',
        metrics: [{ name: 'CLS', value: 0 }],
      },
      'route',
    ],
    [
      'a full address as route',
      { route: 'https://chairfill.test/practice-portal', metrics: [{ name: 'CLS', value: 0 }] },
      'route',
    ],
    [
      'a route with a query',
      { route: '/reset-password?token=abc', metrics: [{ name: 'CLS', value: 0 }] },
      'route',
    ],
    [
      'a public page (they send nothing)',
      { route: '/about', metrics: [{ name: 'CLS', value: 0 }] },
      'route',
    ],
    [
      'a route longer than four segments',
      { route: '/practice-portal/a/b/c/d', metrics: [{ name: 'CLS', value: 0 }] },
      'route',
    ],
    ['a missing route', { metrics: [{ name: 'CLS', value: 0 }] }, 'route'],
    [
      'an extra report field',
      { route: ROUTE, metrics: [{ name: 'CLS', value: 0 }], url: '/x' },
      '_',
    ],
  ];

  it.each(invalidReports)('refuses %s with a 400 and stores nothing', async (_, body, field) => {
    const res = await visitor.post('/api/vitals', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await storedRows()).toHaveLength(0);
  });

  it('names the problem in the message', async () => {
    const unknown = await visitor.post('/api/vitals', {
      route: ROUTE,
      metrics: [{ name: 'FID', value: 10 }],
    });
    expect(unknown.body.error.message).toBe(webVitalsMessages.unknownMetric);
    const route = await visitor.post('/api/vitals', {
      route: '/practice-portal/12345',
      metrics: [{ name: 'LCP', value: 10 }],
    });
    expect(route.body.error.message).toBe(webVitalsMessages.invalidRoute);
    const many = await visitor.post('/api/vitals', { route: ROUTE, metrics: tooMany });
    expect(many.body.error.message).toBe(webVitalsMessages.tooManyMetrics);
  });

  it('refuses bodies that are not a JSON object with a 400', async () => {
    for (const body of ['not json', '[]', 'null', '']) {
      const res = await visitor.raw('POST', '/api/vitals', body, { 'content-type': 'text/plain' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a body over 4 KB with a 413', async () => {
    const body = JSON.stringify({
      route: ROUTE,
      metrics: [{ name: 'CLS', value: 0 }],
      padding: 'x'.repeat(5000),
    });
    const res = await visitor.raw('POST', '/api/vitals', body, {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(genericErrors.bodyTooLarge);
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a report sent from another site', async () => {
    const res = await visitor.raw(
      'POST',
      '/api/vitals',
      JSON.stringify({ route: ROUTE, metrics: [{ name: 'CLS', value: 0 }] }),
      { 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
    );
    expect(res.status).toBe(403);
    expect(await storedRows()).toHaveLength(0);
  });

  it('limits reports per client address, counting refused ones too', async () => {
    const report = { route: ROUTE, metrics: [{ name: 'INP', value: 40 }] };
    expect((await visitor.post('/api/vitals', report)).status).toBe(204);
    const [counter] = await server.services.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'web-vitals:ip:%'`);
    expect(counter?.count).toBe(1);
    const { max } = rateLimitRules.webVitalsPerAddress;
    // Bring the window to one request short of the limit, as if the page had sent them.
    await server.services.db
      .update(rateLimits)
      .set({ count: max - 2 })
      .where(sql`${rateLimits.key} = ${counter!.key}`);
    expect((await visitor.post('/api/vitals', { route: ROUTE, metrics: [] })).status).toBe(400);
    expect((await visitor.post('/api/vitals', report)).status).toBe(204);
    const refused = await server.client().post('/api/vitals', report);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(webVitalsMessages.tooManyReports);
    expect(await storedRows()).toHaveLength(2);
  });

  it('counts a signed-in visitor’s reports against their account, not the shared address', async () => {
    const report = { route: ROUTE, metrics: [{ name: 'INP', value: 40 }] };
    const { max } = rateLimitRules.webVitalsPerAddress;
    // The address is at its limit (others in the same office)…
    await server.services.db
      .insert(rateLimits)
      .values({ key: 'web-vitals:ip:127.0.0.1', count: max + 5, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: max + 5, windowStartedAt: new Date() },
      });
    expect((await server.client().post('/api/vitals', report)).status).toBe(429);
    // …while a signed-in practice's own reports still count on their own.
    const practice = await signedInPractice(server);
    expect((await practice.client.post('/api/vitals', report)).status).toBe(204);
    const [counter] = await server.services.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${`web-vitals:user:${practice.userId}`}`);
    expect(counter?.count).toBe(1);
  });

  it('deletes measurements older than 30 days when a report arrives', async () => {
    await insertMeasurement(ROUTE, 'LCP', 1000, 31);
    await insertMeasurement(ROUTE, 'LCP', 2000, 29);
    expect(await storedRows()).toHaveLength(2);
    expect(
      (await visitor.post('/api/vitals', { route: ROUTE, metrics: [{ name: 'LCP', value: 3000 }] }))
        .status,
    ).toBe(204);
    const values = (await storedRows()).map((row) => row.value).sort((a, b) => a - b);
    expect(values).toEqual([2000, 3000]);
  });
});

describe('GET /api/admin/web-vitals', () => {
  it('is for admins only: 401 signed out, 403 for practices and professionals', async () => {
    expect((await server.client().get('/api/admin/web-vitals')).status).toBe(401);
    const practice = await signedInPractice(server);
    expect((await practice.client.get('/api/admin/web-vitals')).status).toBe(403);
    const professional = await signedInProfessional(server, 'hygienist');
    expect((await professional.client.get('/api/admin/web-vitals')).status).toBe(403);
    const res = await admin.get('/api/admin/web-vitals');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an empty list when nothing was measured', async () => {
    const res = await admin.get<WebVitalsSummaryDto>('/api/admin/web-vitals');
    expect(res.body).toEqual({ days: 7, routes: [] });
  });

  it('gives the 75th percentile and sample count per route and metric over the last 7 days', async () => {
    const send = (route: string, metrics: Array<{ name: string; value: number }>) =>
      visitor.post('/api/vitals', { route, metrics });
    for (const value of [1000, 2000, 3000, 4000]) {
      expect((await send(ROUTE, [{ name: 'LCP', value }])).status).toBe(204);
    }
    expect(
      (
        await send(ROUTE, [
          { name: 'CLS', value: 0.05 },
          { name: 'CLS', value: 0.1 },
          { name: 'CLS', value: 0.3 },
          { name: 'INP', value: 120 },
        ])
      ).status,
    ).toBe(204);
    expect((await send('/admin', [{ name: 'TTFB', value: 2500 }])).status).toBe(204);
    // Older than the window: counted nowhere.
    await insertMeasurement(ROUTE, 'LCP', 90_000, 8);
    await insertMeasurement('/dental-assistant', 'CLS', 1, 8);

    const res = await admin.get<WebVitalsSummaryDto>('/api/admin/web-vitals');
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    expect(res.body.routes.map((route) => route.route)).toEqual([ROUTE, '/admin']);
    const [portal, console_] = res.body.routes;
    expect(portal!.samples).toBe(8);
    // LCP 1000, 2000, 3000, 4000: p75 = 3000 + 0.25 × 1000 (linear interpolation).
    expect(portal!.metrics.LCP).toEqual({ p75: 3250, samples: 4, rating: 'needs-improvement' });
    // CLS 0.05, 0.1, 0.3: p75 = 0.1 + 0.5 × 0.2.
    expect(portal!.metrics.CLS!.p75).toBeCloseTo(0.2, 10);
    expect(portal!.metrics.CLS).toMatchObject({ samples: 3, rating: 'needs-improvement' });
    expect(portal!.metrics.INP).toEqual({ p75: 120, samples: 1, rating: 'good' });
    expect(portal!.metrics.FCP).toBeUndefined();
    expect(portal!.metrics.TTFB).toBeUndefined();
    expect(console_).toEqual({
      route: '/admin',
      samples: 1,
      metrics: { TTFB: { p75: 2500, samples: 1, rating: 'poor' } },
    });
  });
});
