import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginErrors } from '../../src/shared/messages';
import { ConfigError, loadEnv } from '../../src/server/env';
import { seedPractice } from '../../src/server/db/seed/seed-accounts';
import { rateLimitRules } from '../../src/server/routes/rate-limits';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

/** The server behind one proxy (a load balancer) that appends the client's address to X-Forwarded-For. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXY_HOPS: '1' });
});
afterAll(async () => {
  await server?.stop();
});

function signInVia(
  forwardedFor: string,
  email: string,
  password: string,
  client: ApiClient = server.client(),
) {
  return client.raw(
    'POST',
    '/api/login',
    JSON.stringify({ email, password, audience: 'practice' }),
    { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
  );
}

describe('TRUSTED_PROXY_HOPS', () => {
  it('is 0 unless set, and must be a small whole number', () => {
    const secret = 'a-test-secret-that-is-long-enough-0123456789';
    expect(loadEnv({ BETTER_AUTH_SECRET: secret }).trustedProxyHops).toBe(0);
    expect(loadEnv({ BETTER_AUTH_SECRET: secret, TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(
      2,
    );
    for (const bad of ['one', '-1', '1.5', '11']) {
      expect(() => loadEnv({ BETTER_AUTH_SECRET: secret, TRUSTED_PROXY_HOPS: bad })).toThrow(
        ConfigError,
      );
    }
  });

  it('records the address the proxy appended with the session, never what the client wrote before it', async () => {
    const practice = await seedPractice(server.services);
    const client = server.client();
    const res = await signInVia(
      '198.51.100.7, 203.0.113.9',
      practice.email,
      practice.password,
      client,
    );
    expect(res.status).toBe(200);
    const sessions = await client.get('/api/account/sessions');
    expect(sessions.status).toBe(200);
    expect(JSON.stringify(sessions.body)).toContain('203.0.113.9');
    expect(JSON.stringify(sessions.body)).not.toContain('198.51.100.7');
  });

  it('limits failed sign-ins per client behind the proxy: a guesser is locked out, the owner is not', async () => {
    const practice = await seedPractice(server.services);
    const max = rateLimitRules.signInFailuresPerAccountAndAddress.max;
    for (let i = 0; i < max; i += 1) {
      // What the guesser writes itself changes nothing: the proxy's entry is the one read.
      const res = await signInVia(`10.0.0.${i}, 203.0.113.66`, practice.email, `guess-${i}`);
      expect(res.status).toBe(401);
    }
    const guesser = await signInVia('203.0.113.66', practice.email, practice.password);
    expect(guesser.status).toBe(429);
    expect(guesser.body.error.message).toBe(loginErrors.tooManyRequests);
    const owner = await signInVia('203.0.113.10', practice.email, practice.password);
    expect(owner.status).toBe(200);
  });

  it('falls back to the socket address when the header holds no address', async () => {
    const practice = await seedPractice(server.services);
    const max = rateLimitRules.signInFailuresPerAccountAndAddress.max;
    for (let i = 0; i < max; i += 1) {
      expect((await signInVia('not-an-address', practice.email, `guess-${i}`)).status).toBe(401);
    }
    // Same socket (127.0.0.1), no header: the same client, locked.
    const again = await server.client().post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(again.status).toBe(429);
  });
});
