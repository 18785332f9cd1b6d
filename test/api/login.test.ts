import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginErrors } from '../../src/shared/messages';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
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
