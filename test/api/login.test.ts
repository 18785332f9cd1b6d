import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginErrors } from '../../src/shared/messages';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { rateLimitRules } from '../../src/server/routes/rate-limits';
import { postFromAddress } from '../support/client-from-address';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/login', () => {
  it('signs a practice in at the practice login and sets an httpOnly session cookie', async () => {
    const practice = await seedPractice(server.services);
    const client = server.client();
    const res = await client.post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ portalPath: '/practice-portal', accountType: 'practice' });
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await client.get('/api/session');
    expect(session.body.user).toMatchObject({
      email: practice.email,
      accountType: 'practice',
      portalPath: '/practice-portal',
    });
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const practice = await seedPractice(server.services);
    const wrong = await server
      .client()
      .post('/api/login', { email: practice.email, password: 'not-it', audience: 'practice' });
    const unknown = await server.client().post('/api/login', {
      email: 'nobody@example.com',
      password: 'whatever',
      audience: 'practice',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(loginErrors.invalidCredentials);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(loginErrors.invalidCredentials);
  });

  it('refuses a practice at the professional login and a professional at the practice login', async () => {
    const practice = await seedPractice(server.services);
    const hygienist = await seedProfessional(server.services, 'hygienist');
    const a = server.client();
    const refusedPractice = await a.post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'professional',
    });
    expect(refusedPractice.status).toBe(404);
    expect(refusedPractice.body.error.message).toBe(loginErrors.accountNotFound);
    expect(refusedPractice.headers.getSetCookie()).toEqual([]);
    expect((await a.get('/api/session')).body.user).toBeNull();
    const refusedPro = await server.client().post('/api/login', {
      email: hygienist.email,
      password: hygienist.password,
      audience: 'practice',
    });
    expect(refusedPro.status).toBe(404);
    expect(refusedPro.body.error.message).toBe(loginErrors.accountNotFound);
  });

  it.each([
    ['hygienist', '/hygienist-portal'],
    ['assistant', '/dental-assistant'],
    ['front-desk', '/front-desk-portal'],
  ] as const)('routes a %s to %s', async (role, portal) => {
    const pro = await seedProfessional(server.services, role);
    const res = await server
      .client()
      .post('/api/login', { email: pro.email, password: pro.password, audience: 'professional' });
    expect(res.status).toBe(200);
    expect(res.body.portalPath).toBe(portal);
  });

  it('requires e-mail and password', async () => {
    const res = await server
      .client()
      .post('/api/login', { email: '', password: '', audience: 'practice' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'This field is required',
      password: 'This field is required',
    });
  });

  it('limits repeated attempts with the spec text, shared through the database', async () => {
    const practice = await seedPractice(server.services);
    let last;
    for (let i = 0; i < 11; i += 1) {
      last = await server.client().post('/api/login', {
        email: practice.email,
        password: 'wrong-password',
        audience: 'practice',
      });
    }
    expect(last!.status).toBe(429);
    expect(last!.body.error.message).toBe(loginErrors.tooManyRequests);
  });

  it('signs out and ends the session', async () => {
    const practice = await seedPractice(server.services);
    const client = server.client();
    await client.post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await client.get('/api/session')).body.user).toBeNull();
  });
});

describe('sign-in limits (failures only, per account and address, with a ceiling per account)', () => {
  const perAccountAndAddress = rateLimitRules.signInFailuresPerAccountAndAddress.max;
  const perAccount = rateLimitRules.signInFailuresPerAccount.max;

  /** Signs in from another computer: another loopback address, as the server's socket sees it. */
  const signInFrom = (address: string, email: string, password: string) =>
    postFromAddress(server.url, address, '/api/login', { email, password, audience: 'practice' });

  it('keeps the documented limits: 10 failures per account and address in 15 minutes, 100 per account in an hour', () => {
    expect(rateLimitRules.signInFailuresPerAccountAndAddress).toEqual({
      max: 10,
      windowSeconds: 15 * 60,
    });
    expect(rateLimitRules.signInFailuresPerAccount).toEqual({ max: 100, windowSeconds: 60 * 60 });
  });

  it('never counts correct sign-ins: an office signs in with one login more than ten times', async () => {
    const practice = await seedPractice(server.services);
    for (let i = 0; i < perAccountAndAddress + 3; i += 1) {
      const res = await server.client().post('/api/login', {
        email: practice.email,
        password: practice.password,
        audience: 'practice',
      });
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('clears the failures of the account from that address on a correct sign-in', async () => {
    const practice = await seedPractice(server.services);
    const attempt = (password: string) =>
      server.client().post('/api/login', { email: practice.email, password, audience: 'practice' });
    for (let i = 0; i < perAccountAndAddress - 1; i += 1) {
      expect((await attempt('wrong-password')).status).toBe(401);
    }
    expect((await attempt(practice.password)).status).toBe(200);
    // A full new allowance of failures after the correct sign-in, then the lock.
    for (let i = 0; i < perAccountAndAddress; i += 1) {
      expect((await attempt('wrong-password')).status, `failure ${i + 1}`).toBe(401);
    }
    const locked = await attempt(practice.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe(loginErrors.tooManyRequests);
  });

  it('locks an address that keeps failing out of that account only; the owner elsewhere signs in', async () => {
    const practice = await seedPractice(server.services);
    const other = await seedPractice(server.services);
    const attacker = '127.0.0.2';
    for (let i = 0; i < perAccountAndAddress; i += 1) {
      const res = await signInFrom(attacker, practice.email, 'guess-' + i);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(loginErrors.invalidCredentials);
    }
    // Locked at that address for this account, even with the right password.
    const lockedOut = await signInFrom(attacker, practice.email, practice.password);
    expect(lockedOut.status).toBe(429);
    expect(lockedOut.body.error.message).toBe(loginErrors.tooManyRequests);
    // The owner at their own address is not.
    const owner = await signInFrom('127.0.0.3', practice.email, practice.password);
    expect(owner.status).toBe(200);
    expect(owner.body.portalPath).toBe('/practice-portal');
    expect(
      (
        await server.client().post('/api/login', {
          email: practice.email,
          password: practice.password,
          audience: 'practice',
        })
      ).status,
    ).toBe(200);
    // Another account from the failing address is not locked either.
    expect((await signInFrom(attacker, other.email, other.password)).status).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst cannot pass the limit together', async () => {
    const practice = await seedPractice(server.services);
    const burst = await Promise.all(
      Array.from({ length: perAccountAndAddress * 2 }, (_, i) =>
        signInFrom('127.0.0.4', practice.email, 'burst-' + i),
      ),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(perAccountAndAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(perAccountAndAddress);
  });

  it('stops guessing spread over many addresses at the ceiling per account', async () => {
    const practice = await seedPractice(server.services);
    const addresses = perAccount / perAccountAndAddress;
    for (let a = 0; a < addresses; a += 1) {
      const results = await Promise.all(
        Array.from({ length: perAccountAndAddress }, (_, i) =>
          signInFrom(`127.0.1.${a + 1}`, practice.email, `spread-${a}-${i}`),
        ),
      );
      expect(results.map((res) => res.status)).toEqual(
        Array.from({ length: perAccountAndAddress }, () => 401),
      );
    }
    // Every address is now refused for this account for the rest of the hour (documented).
    const fresh = await signInFrom('127.0.2.1', practice.email, 'one-more-guess');
    expect(fresh.status).toBe(429);
    expect(fresh.body.error.message).toBe(loginErrors.tooManyRequests);
    // Other accounts are untouched.
    const other = await seedPractice(server.services);
    expect((await signInFrom('127.0.2.1', other.email, other.password)).status).toBe(200);
  });
});
