import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages } from '../../src/shared/account-security';
import type { AccountSessionView } from '../../src/shared/account-replies';
import { genericErrors } from '../../src/shared/messages';
import {
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_SECONDS,
} from '../../src/server/auth/auth';
import { session } from '../../src/server/db/schema';
import { keptAnswersFor } from '../../src/server/services/kept-answers';
import { describeDevice } from '../../src/server/services/accounts/describe-device';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import {
  createClient,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DAY = 24 * 60 * 60 * 1000;

/** Signs in through the login API with this browser's user agent (and any extra headers). */
async function signIn(
  email: string,
  password: string,
  audience: 'practice' | 'professional',
  headers: Record<string, string> = {},
): Promise<ApiClient> {
  const client = createClient(server.url);
  const res = await client.raw(
    'POST',
    '/api/login',
    JSON.stringify({ email, password, audience }),
    {
      'content-type': 'application/json',
      ...headers,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

async function sessionsOf(client: ApiClient): Promise<AccountSessionView[]> {
  const res = await client.get('/api/account/sessions');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body.sessions;
}

async function currentSessionId(client: ApiClient): Promise<string> {
  return (await sessionsOf(client)).find((s) => s.current)!.id;
}

async function signedInAs(client: ApiClient): Promise<string | null> {
  return (await client.get('/api/session')).body.user?.email ?? null;
}

async function sessionRow(id: string) {
  const [row] = await server.services.db.select().from(session).where(eq(session.id, id));
  return row;
}

async function setSessionTimes(id: string, times: { createdAt?: Date; expiresAt?: Date }) {
  await server.services.db.update(session).set(times).where(eq(session.id, id));
  // The change is announced on its own connection: wait until the server has heard it (its kept
  // session row is forgotten), as the clients of test-server.ts do before each request. These
  // clients are made with createClient alone, so on PostgreSQL the next request could come first.
  await keptAnswersFor(server.services.db).catchUp(server.services.db);
}

describe('GET /api/account/sessions', () => {
  it('lists the account’s own sessions with device, address, sign-in and last-active times', async () => {
    const practice = await seedPractice(server.services);
    const laptop = await signIn(practice.email, practice.password, 'practice', {
      'user-agent': CHROME_WINDOWS,
    });
    const phone = await signIn(practice.email, practice.password, 'practice', {
      'user-agent': SAFARI_IPHONE,
      // Neither header may choose the address stored with the session.
      'x-forwarded-for': '203.0.113.9',
      'x-chairfill-client-address': '198.51.100.7',
    });
    const other = await seedPractice(server.services);
    await signIn(other.email, other.password, 'practice', { 'user-agent': SAFARI_IPHONE });

    const seenFromLaptop = await sessionsOf(laptop);
    const laptopView = seenFromLaptop.find((s) => s.current)!;
    const phoneView = seenFromLaptop.find((s) => s.device === 'Safari on iOS')!;
    expect(laptopView).toMatchObject({
      device: 'Chrome on Windows',
      deviceType: 'Desktop',
      ipAddress: '127.0.0.1',
      current: true,
    });
    expect(phoneView).toMatchObject({
      deviceType: 'Mobile',
      ipAddress: '127.0.0.1',
      current: false,
    });
    for (const view of [laptopView, phoneView]) {
      expect(Date.now() - Date.parse(view.signedInAt)).toBeLessThan(5 * 60 * 1000);
      expect(Date.parse(view.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(view.signedInAt));
    }
    // Only this account's sessions (the sign-up one, the laptop and the phone); never a token.
    const mine = await server.services.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, practice.userId));
    expect(seenFromLaptop.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());
    expect(JSON.stringify(seenFromLaptop)).not.toMatch(/token/i);

    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone.find((s) => s.current)!.id).toBe(phoneView.id);
  });

  it('answers 401 when signed out', async () => {
    const res = await server.client().get('/api/account/sessions');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(genericErrors.unauthorized);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('ends one of my sessions: its cookie stops working at once, mine keeps working', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const here = await signIn(pro.email, pro.password, 'professional');
    const lost = await signIn(pro.email, pro.password, 'professional', {
      'user-agent': SAFARI_IPHONE,
    });
    const lostId = await currentSessionId(lost);
    expect((await lost.get('/api/professional/profile')).status).toBe(200);

    const res = await here.delete(`/api/account/sessions/${lostId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: accountSecurityMessages.sessionEnded });
    expect(await sessionRow(lostId)).toBeUndefined();
    expect((await lost.get('/api/professional/profile')).status).toBe(401);
    expect(await signedInAs(lost)).toBeNull();
    expect(await signedInAs(here)).toBe(pro.email);
    expect((await sessionsOf(here)).map((s) => s.id)).not.toContain(lostId);
  });

  it('never ends or reveals another account’s session', async () => {
    const a = await seedPractice(server.services);
    const b = await seedPractice(server.services);
    const clientA = await signIn(a.email, a.password, 'practice');
    const clientB = await signIn(b.email, b.password, 'practice');
    const sessionB = await currentSessionId(clientB);

    expect((await sessionsOf(clientA)).map((s) => s.id)).not.toContain(sessionB);
    const res = await clientA.delete(`/api/account/sessions/${sessionB}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(genericErrors.notFound);
    expect(await sessionRow(sessionB)).toBeDefined();
    expect(await signedInAs(clientB)).toBe(b.email);

    const unknown = await clientA.delete(`/api/account/sessions/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    for (const bad of ['not-a-uuid', '%27%20OR%201%3D1', 'x'.repeat(300)]) {
      expect((await clientA.delete(`/api/account/sessions/${bad}`)).status).toBe(404);
    }
    expect(await signedInAs(clientA)).toBe(a.email);
  });

  it('needs a signed-in session and a request from our own pages', async () => {
    const pro = await seedProfessional(server.services, 'assistant');
    const here = await signIn(pro.email, pro.password, 'professional');
    const id = await currentSessionId(here);
    expect((await server.client().delete(`/api/account/sessions/${id}`)).status).toBe(401);
    const crossSite = await here.raw('DELETE', `/api/account/sessions/${id}`, '', {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await signedInAs(here)).toBe(pro.email);
  });
});

describe('POST /api/account/sessions/end-others', () => {
  it('signs out every other session of mine and no one else’s', async () => {
    const pro = await seedProfessional(server.services, 'front-desk');
    const here = await signIn(pro.email, pro.password, 'professional');
    const tablet = await signIn(pro.email, pro.password, 'professional');
    const phone = await signIn(pro.email, pro.password, 'professional');
    const bystander = await seedProfessional(server.services, 'front-desk');
    const bystanderClient = await signIn(bystander.email, bystander.password, 'professional');

    const res = await here.post('/api/account/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: accountSecurityMessages.otherSessionsEnded, ended: 3 });
    expect(await signedInAs(tablet)).toBeNull();
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(here)).toBe(pro.email);
    expect(await signedInAs(bystanderClient)).toBe(bystander.email);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);

    const again = await here.post('/api/account/sessions/end-others');
    expect(again.body.ended).toBe(0);
    expect((await server.client().post('/api/account/sessions/end-others')).status).toBe(401);
  });
});

describe('session lifetimes (through HTTP, times moved in the database)', () => {
  it('ends a session 30 days after sign-in however recently it was used (absolute lifetime)', async () => {
    expect(SESSION_ABSOLUTE_LIFETIME_SECONDS).toBe(30 * 24 * 60 * 60);
    const practice = await seedPractice(server.services);
    const client = await signIn(practice.email, practice.password, 'practice');
    const id = await currentSessionId(client);
    const freshExpiry = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);

    await setSessionTimes(id, {
      createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 + 60_000),
      expiresAt: freshExpiry,
    });
    expect(await signedInAs(client)).toBe(practice.email);

    await setSessionTimes(id, {
      createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 - 60_000),
      expiresAt: freshExpiry,
    });
    expect(await signedInAs(client)).toBeNull();
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);
    expect(await sessionRow(id)).toBeUndefined();
  });

  it('ends a session unused for 7 days (idle lifetime) and pushes the expiry forward while used', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const client = await signIn(pro.email, pro.password, 'professional');
    const id = await currentSessionId(client);

    // Used two days after its expiry was last pushed: pushed forward again, cookie re-sent.
    const twoDaysOld = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000 - 2 * DAY);
    await setSessionTimes(id, { expiresAt: twoDaysOld });
    const used = await client.get('/api/session');
    expect(used.body.user?.email).toBe(pro.email);
    const pushed = (await sessionRow(id))!.expiresAt.getTime();
    expect(pushed).toBeGreaterThan(Date.now() + SESSION_LIFETIME_SECONDS * 1000 - 60_000);
    expect(SESSION_REFRESH_SECONDS).toBe(24 * 60 * 60);
    expect(used.headers.getSetCookie().join(';')).toMatch(/session_token=.*Max-Age=604800/);

    // Not used for 7 days: its idle expiry has passed.
    await setSessionTimes(id, { expiresAt: new Date(Date.now() - 1000) });
    expect(await signedInAs(client)).toBeNull();
    expect((await client.get('/api/professional/profile')).status).toBe(401);
    expect((await client.get('/api/account/sessions')).status).toBe(401);
  });

  it('does not list sessions past either lifetime', async () => {
    const practice = await seedPractice(server.services);
    const here = await signIn(practice.email, practice.password, 'practice');
    const idle = await signIn(practice.email, practice.password, 'practice');
    const old = await signIn(practice.email, practice.password, 'practice');
    const idleId = await currentSessionId(idle);
    const oldId = await currentSessionId(old);
    await setSessionTimes(idleId, { expiresAt: new Date(Date.now() - 1000) });
    await setSessionTimes(oldId, {
      createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 - 1000),
    });
    const ids = (await sessionsOf(here)).map((s) => s.id);
    expect(ids).not.toContain(idleId);
    expect(ids).not.toContain(oldId);
  });
});

describe('the session made at sign-up', () => {
  it('records the device and address of the sign-up request', async () => {
    const client = createClient(server.url);
    const email = `signup-${randomUUID().slice(0, 8)}@example.com`;
    const res = await client.raw(
      'POST',
      '/api/signup/practice',
      JSON.stringify({
        practiceName: 'Bayside Family Dentistry',
        email,
        phone: '(973) 555-0110',
        address: '45 Ocean Avenue',
        city: 'Long Branch',
        state: 'NJ',
        zipCode: '07740',
        password: 'harbor-pass-1',
        confirmPassword: 'harbor-pass-1',
        pointOfContact: 'Morgan Lee',
        acceptTerms: true,
      }),
      { 'content-type': 'application/json', 'user-agent': CHROME_WINDOWS },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [view] = await sessionsOf(client);
    expect(view).toMatchObject({
      device: 'Chrome on Windows',
      ipAddress: '127.0.0.1',
      current: true,
    });
  });
});

describe('describeDevice', () => {
  it('names a browser and system, and says "Unknown device" for what it cannot tell', () => {
    expect(describeDevice(CHROME_WINDOWS)).toEqual({
      device: 'Chrome on Windows',
      deviceType: 'Desktop',
    });
    expect(describeDevice('curl/8.5.0').device).toBe(accountSecurityMessages.unknownDevice);
    expect(describeDevice('').device).toBe(accountSecurityMessages.unknownDevice);
    expect(describeDevice(null).device).toBe(accountSecurityMessages.unknownDevice);
  });
});
