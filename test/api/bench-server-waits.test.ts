import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerWaits } from '../../src/server/routes/bench/server-waits';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

/**
 * GET /api/bench/server-waits (BENCH_ROUTES): where the load benchmarks' requests waited inside
 * the server since the last read: their whole time in it, the writes' catch-up markers and the
 * requests' connection pool.
 */
describe('the benchmarks’ server waits', () => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ BENCH_ROUTES: 'true' });
    client = server.client();
  });
  afterAll(() => server.stop());

  it('counts the requests and the writes’ catch-ups since the last read, then afresh', async () => {
    await client.get<ServerWaits>('/api/bench/server-waits');
    await client.get('/api/ready');
    await client.get('/api/ready');
    const refused = await client.post('/api/practice/shifts', {});
    expect(refused.status).toBe(401);
    const signIn = await client.post('/api/login', {
      email: 'nobody-here@example.com',
      password: 'not-the-password-1',
      audience: 'practice',
    });
    expect(signIn.status).toBe(401);
    const write = await client.post('/api/bench/write/7a4f5a0e-8d59-4e55-9b5e-7d1d2b8f0c11', {});
    expect(write.status).toBe(201);

    const { body: waits, status } = await client.get<ServerWaits>('/api/bench/server-waits');
    expect(status).toBe(200);
    // The two reads, the refused posting and sign-in; the benchmark's own routes are not counted.
    expect(waits.requests.count).toBe(4);
    expect(waits.requests.max).toBeGreaterThanOrEqual(waits.requests.p50);
    expect(waits.requests.max).toBeGreaterThan(0);
    expect(waits.byRoute.map((r) => [r.route, r.count])).toEqual([
      ['GET /api/ready', 2],
      ['POST /api/practice/shifts', 1],
      ['POST /api/login', 1],
    ]);
    // The sign-in's time, split: its statements (timed on PostgreSQL's pool; PGlite has none),
    // connection waits, catch-up (none: refused) and the rest add up to its whole time.
    const signInRoute = waits.byRoute.find((r) => r.route === 'POST /api/login')!;
    const { split } = signInRoute;
    expect(split.catchUp).toBe(0);
    expect(split.rest).toBeGreaterThanOrEqual(0);
    const parts = split.statements + split.connectionWait + split.catchUp + split.rest;
    expect(Math.abs(parts - signInRoute.max)).toBeLessThan(0.5);
    if (process.env.DATABASE_URL) {
      expect(split.statementsPerRequest).toBeGreaterThanOrEqual(1);
      expect(split.statements).toBeGreaterThan(0);
    } else {
      expect(split).toMatchObject({ statements: 0, statementsPerRequest: 0, connectionWait: 0 });
    }
    // Only a state-changing request that was not refused waits for its catch-up marker.
    expect(waits.catchUps.count).toBe(1);
    expect(waits.threadBusy).toBeGreaterThan(0);
    expect(waits.threadBusy).toBeLessThanOrEqual(1);
    expect(waits.gc).toEqual({
      pauses: expect.any(Number),
      totalMs: expect.any(Number),
      maxMs: expect.any(Number),
    });
    if (process.env.DATABASE_URL) {
      expect(waits.pool.size).toBeGreaterThan(0);
      expect(waits.pool.acquired).toBeGreaterThan(0);
    } else {
      expect(waits.pool).toMatchObject({ size: 0, acquired: 0, maxWaiting: 0 });
    }

    const { body: again } = await client.get<ServerWaits>('/api/bench/server-waits');
    expect(again.requests.count).toBe(0);
    expect(again.catchUps.count).toBe(0);
  });
});
