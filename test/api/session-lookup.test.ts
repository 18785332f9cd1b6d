import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  SESSION_LIFETIME_SECONDS,
} from '../../src/server/auth/auth';
import { session, user } from '../../src/server/db/schema';
import { seedPractice } from '../../src/server/db/seed/seed-accounts';
import { keptAnswersFor } from '../../src/server/services/kept-answers';
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

const DAY_MS = 24 * 60 * 60 * 1000;

async function signedInPractice(): Promise<{ client: ApiClient; userId: string; token: string }> {
  const practice = await seedPractice(server.services);
  const client = server.client();
  const res = await client.post('/api/login', {
    email: practice.email,
    password: practice.password,
    audience: 'practice',
  });
  expect(res.status).toBe(200);
  const [row] = await server.services.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, practice.email));
  const cookie = decodeURIComponent(client.cookies.get(sessionCookieName(client))!);
  return { client, userId: row!.id, token: cookie.slice(0, cookie.lastIndexOf('.')) };
}

/** The session row behind the client's cookie. */
async function sessionOf(token: string) {
  const rows = await server.services.db.select().from(session).where(eq(session.token, token));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

function sessionCookieName(client: ApiClient): string {
  const name = [...client.cookies.keys()].find((key) => key.endsWith('session_token'));
  expect(name).toBeDefined();
  return name!;
}

describe('reading the session cookie', () => {
  it('knows the signed-in user from a cookie whose signature is ours', async () => {
    const { client } = await signedInPractice();
    const res = await client.get('/api/session');
    expect(res.body.user.accountType).toBe('practice');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('treats a cookie with a changed token or signature as signed out', async () => {
    const { client, token: sessionToken } = await signedInPractice();
    const name = sessionCookieName(client);
    const original = client.cookies.get(name)!;
    const decoded = decodeURIComponent(original);
    const dot = decoded.lastIndexOf('.');
    const token = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);

    // The real token of this session with a forged signature.
    client.cookies.set(name, encodeURIComponent(`${token}.${'A'.repeat(43)}=`));
    expect((await client.get('/api/session')).body.user).toBeNull();
    // The token alone, unsigned.
    client.cookies.set(name, encodeURIComponent(token));
    expect((await client.get('/api/session')).body.user).toBeNull();
    // Another token with this cookie's signature.
    client.cookies.set(name, encodeURIComponent(`${token.slice(1)}x.${signature}`));
    expect((await client.get('/api/session')).body.user).toBeNull();
    // Malformed encoding.
    client.cookies.set(name, '%E0%A4%A');
    expect((await client.get('/api/session')).body.user).toBeNull();
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);

    client.cookies.set(name, original);
    expect((await client.get('/api/session')).body.user.accountType).toBe('practice');
    await sessionOf(sessionToken);
  });

  it('ends a session left idle past its idle lifetime', async () => {
    const { client, token } = await signedInPractice();
    // Read once, so the server keeps it: the change below must reach what it kept.
    expect((await client.get('/api/session')).status).toBe(200);
    const row = await sessionOf(token);
    await server.services.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, row.id));
    expect((await client.get('/api/session')).body.user).toBeNull();
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);
  });

  it('pushes the idle expiry forward once a day while the session is used, and re-sends the cookie', async () => {
    const { client, token } = await signedInPractice();
    // Read once, so the server keeps it: the change below must reach what it kept.
    expect((await client.get('/api/session')).status).toBe(200);
    const row = await sessionOf(token);
    // Signed in two days ago; the expiry was last pushed then.
    const twoDaysAgo = Date.now() - 2 * DAY_MS;
    await server.services.db
      .update(session)
      .set({
        createdAt: new Date(twoDaysAgo),
        expiresAt: new Date(twoDaysAgo + SESSION_LIFETIME_SECONDS * 1000),
      })
      .where(eq(session.id, row.id));

    const res = await client.get('/api/session');
    expect(res.body.user.accountType).toBe('practice');
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toContain(
      `${sessionCookieName(client)}=${client.cookies.get(sessionCookieName(client))}`,
    );
    expect(cookies[0]).toContain(`Max-Age=${SESSION_LIFETIME_SECONDS}`);
    expect(cookies[0]).toMatch(/HttpOnly/);
    expect(cookies[0]).toMatch(/SameSite=Lax/);
    const refreshed = await sessionOf(token);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(
      Date.now() + SESSION_LIFETIME_SECONDS * 1000 - 60_000,
    );

    // Used again the same day: no further write, no cookie.
    const again = await client.get('/api/session');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await sessionOf(token)).expiresAt.getTime()).toBe(refreshed.expiresAt.getTime());
  });

  it('ends a session at its absolute lifetime however recently it was used, and deletes it', async () => {
    const { client, token } = await signedInPractice();
    // Read once, so the server keeps it: the change below must reach what it kept.
    expect((await client.get('/api/session')).status).toBe(200);
    const row = await sessionOf(token);
    await server.services.db
      .update(session)
      .set({
        createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000 - 1000),
        expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000),
      })
      .where(eq(session.id, row.id));
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);
    const [counted] = await server.services.db
      .select({ count: sql<number>`count(*)::int` })
      .from(session)
      .where(eq(session.token, token));
    expect(counted?.count).toBe(0);
  });

  it('stops a cookie the moment its session row is deleted (signed out elsewhere)', async () => {
    const { client, userId } = await signedInPractice();
    expect((await client.get('/api/practice/dashboard')).status).toBe(200);
    await server.services.db.delete(session).where(eq(session.userId, userId));
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);
  });
});

describe('sessions kept in memory between requests', () => {
  /** The same cookies on a client that waits for nothing before its requests. */
  function plainCopy(from: ApiClient): ApiClient {
    const client = createClient(server.url);
    for (const [name, value] of from.cookies) client.cookies.set(name, value);
    return client;
  }

  it('reads a session from the database once, then from memory', async () => {
    const { client, token } = await signedInPractice();
    const kept = keptAnswersFor(server.services.db);
    kept.notice('all');
    expect(kept.read(`session|${token}`)).toBeUndefined();
    expect((await client.get('/api/session')).status).toBe(200);
    expect(kept.read(`session|${token}`)).toBeDefined();
    expect((await client.get('/api/session')).body.user.accountType).toBe('practice');
  });

  it('follows the account changed or deleted straight in the database', async () => {
    const { client, userId } = await signedInPractice();
    expect((await client.get('/api/session')).status).toBe(200);
    await server.services.db
      .update(user)
      .set({ name: 'Renamed Office' })
      .where(eq(user.id, userId));
    expect((await client.get('/api/session')).body.user.name).toBe('Renamed Office');
    await server.services.db.delete(user).where(eq(user.id, userId));
    expect((await client.get('/api/practice/dashboard')).status).toBe(401);
  });

  it("keeps the session over the user's own writes, and reads it afresh once the account changes", async () => {
    const { client, userId, token } = await signedInPractice();
    const kept = keptAnswersFor(server.services.db);
    expect((await client.get('/api/session')).status).toBe(200);
    expect(kept.read(`session|${token}`)).toBeDefined();
    const saved = await client.put('/api/notifications/email-preferences', { message: false });
    expect(saved.status).toBe(200);
    expect(kept.read(`session|${token}`)).toBeDefined();
    expect((await client.get('/api/session')).body.user.name).not.toBe('Renamed Again');
    await server.services.db.update(user).set({ name: 'Renamed Again' }).where(eq(user.id, userId));
    expect((await client.get('/api/session')).body.user.name).toBe('Renamed Again');
  });

  it('refuses a signed-out cookie on the very next request, without waiting for anything', async () => {
    const { client } = await signedInPractice();
    const plain = plainCopy(client);
    const stolen = plainCopy(client);
    expect((await stolen.get('/api/practice/dashboard')).status).toBe(200);
    expect((await plain.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await stolen.get('/api/practice/dashboard')).status).toBe(401);
  });
});
