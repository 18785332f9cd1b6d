import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftMessages } from '../../src/shared/practice/shifts';
import { createApp } from '../../src/server/app';
import { isMovableClock } from '../../src/server/clock';
import { ConfigError, loadEnv } from '../../src/server/env';
import { shiftApplications, shifts } from '../../src/server/db/schema';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { trustedOriginsFor } from '../../src/server/server';
import { practiceUser, professionalUser } from '../support/marketplace-fixtures';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

/**
 * The market clock (decision 048): one "now" per server that shifts, jobs and notices read,
 * movable outside production through the development routes, refused in production.
 */

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const servers: TestServer[] = [];
async function movableServer(start?: string): Promise<TestServer> {
  const server = await startTestServer({
    MARKET_CLOCK: 'movable',
    ...(start ? { MARKET_CLOCK_START: start } : {}),
  });
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

/** A new-shift request at the practice's main location, 08:00–16:00 on `date`. */
async function shiftRequest(client: ApiClient, date: string) {
  const locationId = (await client.get('/api/practice/locations')).body.locations[0].id as string;
  return {
    position: 'Hygienist',
    dates: [date],
    startTime: '08:00',
    endTime: '16:00',
    rate: '55',
    locationId,
    breakMinutes: 30,
    timePerPatient: 45,
  };
}

describe('MARKET_CLOCK in the environment', () => {
  const production = {
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: SECRET,
    PUBLIC_URL: 'https://chairfill.example.com',
  };

  it('is the system clock by default, in production too', () => {
    expect(loadEnv(production).marketClock).toEqual({ kind: 'system', start: undefined });
    expect(loadEnv({ ...production, MARKET_CLOCK: 'system' }).marketClock.kind).toBe('system');
  });

  it('refuses a movable clock in production with a ConfigError naming it', () => {
    let refused: unknown;
    try {
      loadEnv({ ...production, MARKET_CLOCK: 'movable' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([
      'MARKET_CLOCK cannot be movable in production (a movable clock is for tests and simulations)',
    ]);
  });

  it('takes a movable clock and its start outside production', () => {
    const env = loadEnv({
      NODE_ENV: 'development',
      BETTER_AUTH_SECRET: SECRET,
      MARKET_CLOCK: 'movable',
      MARKET_CLOCK_START: '2030-01-01T09:00:00-05:00',
    });
    expect(env.marketClock.kind).toBe('movable');
    expect(env.marketClock.start?.toISOString()).toBe('2030-01-01T14:00:00.000Z');
  });

  it.each([
    [{ MARKET_CLOCK: 'frozen' }, 'MARKET_CLOCK must be system or movable'],
    [
      { MARKET_CLOCK: 'movable', MARKET_CLOCK_START: 'next tuesday' },
      'MARKET_CLOCK_START must be an ISO date and time, such as 2030-01-01T09:00:00Z',
    ],
    [
      { MARKET_CLOCK_START: '2030-01-01T09:00:00Z' },
      'MARKET_CLOCK_START is only read when MARKET_CLOCK=movable (the system clock starts at the present)',
    ],
  ])('refuses %j', (settings, problem) => {
    expect(() => loadEnv({ BETTER_AUTH_SECRET: SECRET, ...settings })).toThrow(ConfigError);
    try {
      loadEnv({ BETTER_AUTH_SECRET: SECRET, ...settings });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([problem]);
    }
  });
});

describe('the development clock routes', () => {
  let system: TestServer;
  beforeAll(async () => {
    system = await startTestServer();
    servers.push(system);
  });

  it('are not there with the system clock: 404 on each', async () => {
    expect(isMovableClock(system.services.clock)).toBe(false);
    const client = system.client();
    const to = new Date(Date.now() + DAY).toISOString();
    for (const res of [
      await client.get('/api/dev/clock'),
      await client.post('/api/dev/clock', { to }),
      await client.post('/api/dev/market/step', { to }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('are not there in production, even with a movable clock: 404 on each', async () => {
    const server = await movableServer();
    const app = createApp({
      services: { ...server.services, env: { ...server.services.env, isProduction: true } },
      clientDir: '/nonexistent',
      mailDir: server.mailDir,
      trustedOrigins: trustedOriginsFor(server.services.env, server.port),
      deliveries: server.deliveries,
    });
    const to = JSON.stringify({ to: new Date(Date.now() + DAY).toISOString() });
    const headers = { 'Content-Type': 'application/json' };
    for (const res of [
      await app.request('/api/dev/clock'),
      await app.request('/api/dev/clock', { method: 'POST', body: to, headers }),
      await app.request('/api/dev/market/step', { method: 'POST', body: to, headers }),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it('read and move the clock forward; backward is a 409 that moves nothing', async () => {
    const server = await movableServer('2030-05-01T12:00:00Z');
    const client = server.client();
    expect((await client.get('/api/dev/clock')).body).toEqual({ now: '2030-05-01T12:00:00.000Z' });

    const moved = await client.post('/api/dev/clock', { to: '2030-05-02T08:30:00-04:00' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: '2030-05-02T12:30:00.000Z' });
    expect(server.services.clock.now().toISOString()).toBe('2030-05-02T12:30:00.000Z');

    const back = await client.post('/api/dev/clock', { to: '2030-05-02T12:29:59Z' });
    expect(back.status).toBe(409);
    expect(back.body.error).toEqual({
      code: 'clock_backwards',
      message:
        'The market clock only moves forward: it is 2030-05-02T12:30:00.000Z, and 2030-05-02T12:29:59.000Z is earlier',
    });
    const stepBack = await client.post('/api/dev/market/step', { to: '2030-05-01T00:00:00Z' });
    expect(stepBack.status).toBe(409);
    expect((await client.get('/api/dev/clock')).body.now).toBe('2030-05-02T12:30:00.000Z');
  });

  it('answer bad input with a 400 that says what is wrong, never a 500', async () => {
    const server = await movableServer('2030-05-01T12:00:00Z');
    const client = server.client();
    for (const path of ['/api/dev/clock', '/api/dev/market/step']) {
      for (const body of [{}, { to: 'tomorrow' }, { to: 42 }, { to: '2030-05-02' }, []]) {
        const res = await client.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error.message).toEqual(expect.any(String));
      }
      const missing = await client.raw('POST', path, '', { 'Content-Type': 'application/json' });
      expect(missing.status).toBe(400);
      const broken = await client.raw('POST', path, '{"to":', {
        'Content-Type': 'application/json',
      });
      expect(broken.status).toBe(400);
      const text = await client.raw('POST', path, 'to=2030-06-01', {
        'Content-Type': 'text/plain',
      });
      expect(text.status).toBe(415);
    }
    const named = await client.post('/api/dev/clock', { to: 'tomorrow' });
    expect(named.body.error.message).toBe(
      'to must be an ISO date and time, such as 2030-01-01T09:00:00Z',
    );
    expect((await client.get('/api/dev/clock')).body.now).toBe('2030-05-01T12:00:00.000Z');
  });
});

describe('a moved clock is what the marketplace reads', () => {
  it('makes a date that was ahead a past date for posting a shift', async () => {
    const server = await movableServer();
    const practice = await practiceUser(server);
    const date = practiceDateFromToday(2);
    const body = await shiftRequest(practice.client, date);
    expect((await practice.client.post('/api/practice/shifts', body)).status).toBe(201);

    await practice.client.post('/api/dev/clock', {
      to: new Date(server.services.clock.now().getTime() + 4 * DAY).toISOString(),
    });
    const refused = await practice.client.post('/api/practice/shifts', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(shiftMessages.pastDate);
  });

  it('stamps a posted shift with the market time', async () => {
    const server = await movableServer();
    const practice = await practiceUser(server, 'Clockwork Dental');
    await practice.client.post('/api/dev/clock', {
      to: new Date(server.services.clock.now().getTime() + 3 * HOUR).toISOString(),
    });
    const posted = await practice.client.post(
      '/api/practice/shifts',
      await shiftRequest(practice.client, practiceDateFromToday(5)),
    );
    expect(posted.status).toBe(201);
    const [row] = await server.services.db
      .select({ createdAt: shifts.createdAt, updatedAt: shifts.updatedAt })
      .from(shifts)
      .where(eq(shifts.practiceId, practice.practiceId));
    const marketNow = server.services.clock.now().toISOString();
    expect(row!.createdAt.toISOString()).toBe(marketNow);
    expect(row!.updatedAt.toISOString()).toBe(marketNow);
  });

  it('market/step past a start runs the due jobs: the shift expires, the dashboard stops counting it', async () => {
    const server = await movableServer();
    const practice = await practiceUser(server, 'Stepwise Dental');
    const alice = await professionalUser(server, { firstName: 'Alice', lastName: 'Moreno' });
    const posted = await practice.client.post(
      '/api/practice/shifts',
      await shiftRequest(practice.client, practiceDateFromToday(2)),
    );
    expect(posted.status).toBe(201);
    const shift = posted.body.shifts[0] as { id: string; startTime: string };
    const applied = await alice.client.post(`/api/professional/shifts/${shift.id}/apply`, {});
    expect(applied.status).toBe(201);

    const before = await practice.client.get('/api/practice/dashboard');
    expect(before.body.activeRequests).toBe(1);
    expect(before.body.upcomingShifts).toBe(1);

    // A step that stops short of the start leaves the shift open.
    const early = await practice.client.post('/api/dev/market/step', {
      to: new Date(Date.parse(shift.startTime) - HOUR).toISOString(),
    });
    expect(early.status).toBe(200);
    const [stillOpen] = await server.services.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(eq(shifts.id, shift.id));
    expect(stillOpen!.status).toBe('open');

    const to = new Date(Date.parse(shift.startTime) + 5 * 60_000).toISOString();
    const step = await practice.client.post('/api/dev/market/step', { to });
    expect(step.status).toBe(200);
    expect(step.body.now).toBe(to);
    const expiry = step.body.jobs.find(
      (job: { name: string }) => job.name === 'expire-unfilled-shifts',
    );
    expect(expiry).toEqual({
      name: 'expire-unfilled-shifts',
      ran: true,
      result: { expiredShifts: 1, closedApplications: 1 },
    });
    // Alice is told her application closed: the step delivered that notice and its e-mail.
    expect(step.body.notices).toBeGreaterThanOrEqual(1);
    expect(step.body.emails).toBeGreaterThanOrEqual(1);
    expect(step.body).toMatchObject({ pushes: 0, texts: 0 });

    const [expired] = await server.services.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(eq(shifts.id, shift.id));
    expect(expired!.status).toBe('expired');
    const [application] = await server.services.db
      .select({ status: shiftApplications.status })
      .from(shiftApplications)
      .where(eq(shiftApplications.shiftId, shift.id));
    expect(application!.status).toBe('expired');

    const after = await practice.client.get('/api/practice/dashboard');
    expect(after.body.activeRequests).toBe(0);
    expect(after.body.upcomingShifts).toBe(0);

    // The same time again: nothing is due, nothing more is sent.
    const again = await practice.client.post('/api/dev/market/step', { to });
    expect(again.status).toBe(200);
    expect(again.body.jobs.every((job: { ran: boolean }) => !job.ran)).toBe(true);
    expect(again.body).toMatchObject({ notices: 0, emails: 0, pushes: 0, texts: 0 });
  });

  it('keeps each server’s clock its own: two servers in one worker', async () => {
    const one = await movableServer('2030-07-01T12:00:00Z');
    const two = await movableServer('2030-07-01T12:00:00Z');
    await one.client().post('/api/dev/clock', { to: '2030-07-20T12:00:00Z' });
    expect((await one.client().get('/api/dev/clock')).body.now).toBe('2030-07-20T12:00:00.000Z');
    expect((await two.client().get('/api/dev/clock')).body.now).toBe('2030-07-01T12:00:00.000Z');
    expect(two.services.clock.now().toISOString()).toBe('2030-07-01T12:00:00.000Z');

    // The services read their own server's clock: a date between the two is past on one only.
    const date = '2030-07-10';
    const onOne = await practiceUser(one, 'First Clock Dental');
    const onTwo = await practiceUser(two, 'Second Clock Dental');
    const refused = await onOne.client.post(
      '/api/practice/shifts',
      await shiftRequest(onOne.client, date),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(shiftMessages.pastDate);
    const accepted = await onTwo.client.post(
      '/api/practice/shifts',
      await shiftRequest(onTwo.client, date),
    );
    expect(accepted.status).toBe(201);
  });
});
