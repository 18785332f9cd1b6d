import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, genericErrors } from '../../src/shared/messages';
import { emailOutbox, practices, user } from '../../src/server/db/schema';
import { deliverDueEmails, enqueueEmail } from '../../src/server/mail/outbox';
import type { MailTransport, OutgoingMessage } from '../../src/server/mail/transport';
import { startTestServer, type TestServer } from '../support/test-server';

const MAX_BODY_BYTES = 2048;

let server: TestServer;
beforeAll(async () => {
  // A small body limit to test 413 with; the mail worker polls so rarely that the outbox tests
  // below drive delivery themselves (nothing in this file queues mail through the API).
  server = await startTestServer({
    MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    MAIL_POLL_MS: '600000',
  });
});
afterAll(async () => {
  await server?.stop();
});

function validPractice(overrides: Record<string, unknown> = {}) {
  return {
    practiceName: 'Platform Dental',
    email: `platform-${randomUUID().slice(0, 8)}@example.com`,
    phone: '201-555-0100',
    address: '1 Main Street',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    password: 'platform-pass',
    confirmPassword: 'platform-pass',
    pointOfContact: 'Pat Admin',
    acceptTerms: true,
    ...overrides,
  };
}

async function userCount(): Promise<number> {
  const [row] = await server.services.db.select({ n: count() }).from(user);
  return row!.n;
}

function cspDirectives(header: string | null): Map<string, string> {
  expect(header).toBeTruthy();
  const directives = new Map<string, string>();
  for (const part of header!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

function expectSecurityHeaders(headers: Headers) {
  const csp = cspDirectives(headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors')).toBe("'none'");
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('health', () => {
  it('answers /api/health and /api/ready', async () => {
    const health = await server.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await server.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('tags every answer with a request id', async () => {
    const res = await server.client().get('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a JSON answer gzipped to a client that takes it, plain to one that does not', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/api/session`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const plain = await get({});
    const gzipped = await get({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(JSON.parse(plain.body.toString())).toEqual({ user: null });
    for (const answer of [plain, gzipped]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security headers', () => {
  it('are set on an API answer', async () => {
    const res = await server.client().get('/api/session');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('are set on an error answer', async () => {
    const res = await server.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers);
  });

  it('are set on a page answer', async () => {
    // The test server has no built web app, so pages answer 503 with a plain message.
    for (const page of ['/', '/practice-login']) {
      const res = await server.client().get(page);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\//);
      expectSecurityHeaders(res.headers);
    }
  });
});

describe('routing and request errors', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
    for (const res of [
      await server.client().get('/api/does-not-exist'),
      await server.client().post('/api/signup/dentist', {}),
      await server.client().get('/api/auth/get-session'),
      await server.client().delete('/api/health'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: genericErrors.notFound });
    }
  });

  it('refuses a body over the size limit with 413 JSON and creates nothing', async () => {
    const before = await userCount();
    const body = validPractice({ address: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await server.client().post('/api/signup/practice', body);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.error.message).toBe(genericErrors.bodyTooLarge);
    // The unread rest of the body must not poison a reused keep-alive connection.
    expect(res.headers.get('connection')).toBe('close');
    expect(await userCount()).toBe(before);
  });

  it('accepts a body just under the limit', async () => {
    const body = validPractice({ pointOfContact: 'y'.repeat(200) });
    expect(JSON.stringify(body).length).toBeLessThan(MAX_BODY_BYTES);
    const res = await server.client().post('/api/signup/practice', body);
    expect(res.status).toBe(201);
  });

  it('refuses an over-size body sent without a Content-Length (chunked) with 413', async () => {
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}/api/signup/practice`,
        { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      const chunk = JSON.stringify({ pad: 'z'.repeat(1024) });
      req.write(chunk.slice(0, 1000));
      req.write(chunk.slice(1000) + ' '.repeat(MAX_BODY_BYTES));
      req.end();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.message).toBe(genericErrors.bodyTooLarge);
  });

  it('reads no body from a request that announces none, and keeps its connection usable', async () => {
    // Neither Content-Length nor Transfer-Encoding: no body (RFC 9112, 6.3), as a load tool or
    // a bare client sends a POST without one. Two such requests on one kept-alive connection.
    const url = new URL(server.url);
    const head = [
      'POST /api/signup/practice HTTP/1.1',
      `Host: ${url.host}`,
      `Origin: ${server.url}`,
      'Content-Type: application/json',
      '',
      '',
    ].join('\r\n');
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(head + head));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if ((text.match(/HTTP\/1\.1 /g) ?? []).length === 2 && text.trimEnd().endsWith('}')) {
          socket.end();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no two answers: ${text}`)), 5000).unref();
    });
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d+)/g)].map((match) => match[1]);
    expect(statuses).toEqual(['400', '400']);
    expect(answers).toContain(JSON.stringify(genericErrors.badRequest));
  });

  it('answers malformed JSON with 400 JSON and a message', async () => {
    for (const raw of ['{"email":', 'not json at all', '']) {
      const res = await server
        .client()
        .raw('POST', '/api/signup/practice', raw, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error.message).toBe(genericErrors.badRequest);
    }
  });

  it('answers a JSON value that is not an object with 400, not 500', async () => {
    for (const value of [null, [], 'text', 42]) {
      const res = await server.client().post('/api/signup/professional', value);
      expect(res.status).toBe(400);
      expect(typeof res.body.error.message).toBe('string');
    }
  });

  it('answers fields of the wrong type with 400 and field messages, not 500', async () => {
    const before = await userCount();
    const practice = await server
      .client()
      .post(
        '/api/signup/practice',
        validPractice({ email: 123, acceptTerms: 'yes', phone: 2015550100 }),
      );
    expect(practice.status).toBe(400);
    expect(practice.body.error.fields).toEqual({
      email: fieldMessages.required,
      phone: fieldMessages.required,
      acceptTerms: fieldMessages.termsRequired,
    });
    const professional = await server.client().post('/api/signup/professional', {
      role: ['hygienist'],
      firstName: { name: 'x' },
      lastName: true,
      email: 'pro@example.com',
      phone: '2015550100',
      licenseNumber: 12345,
      yearsOfExperience: { years: 3 },
      employmentStatus: 7,
      password: 123456,
      confirmPassword: 123456,
      acceptTerms: 1,
    });
    expect(professional.status).toBe(400);
    expect(professional.body.error.fields).toMatchObject({
      firstName: fieldMessages.required,
      lastName: fieldMessages.required,
      yearsOfExperience: fieldMessages.required,
      employmentStatus: fieldMessages.employmentStatusRequired,
      password: fieldMessages.passwordRequired,
      confirmPassword: fieldMessages.confirmPasswordRequired,
      acceptTerms: fieldMessages.termsRequired,
    });
    const reset = await server
      .client()
      .post('/api/password-reset/request', { email: ['a@example.com'] });
    expect(reset.status).toBe(400);
    const login = await server
      .client()
      .post('/api/login', { email: 5, password: null, audience: 'practice' });
    expect(login.status).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe('cross-site requests', () => {
  it('refuses a POST with a foreign Origin with 403 and creates nothing', async () => {
    const before = await userCount();
    const body = validPractice();
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      const res = await server.client().raw('POST', '/api/signup/practice', JSON.stringify(body), {
        'content-type': 'application/json',
        origin,
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(genericErrors.forbidden);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(await userCount()).toBe(before);
    const rows = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.email, body.email));
    expect(rows).toEqual([]);
    // The same request from our own origin goes through.
    const ours = await server.client().post('/api/signup/practice', body);
    expect(ours.status).toBe(201);
  });

  it('refuses a cross-site POST without an Origin header when the browser marks it cross-site', async () => {
    const res = await fetch(`${server.url}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(res.status).toBe(403);
  });

  it('still allows a GET from a foreign origin to read public endpoints', async () => {
    const res = await fetch(`${server.url}/api/health`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
  });
});

describe('mail outbox', () => {
  const from = 'ChairFill <no-reply@chairfill.test>';

  function recordingTransport(failures: number) {
    const attempts: OutgoingMessage[] = [];
    const delivered: OutgoingMessage[] = [];
    let remainingFailures = failures;
    const transport: MailTransport = {
      async send(message) {
        attempts.push(message);
        if (remainingFailures > 0) {
          remainingFailures -= 1;
          throw new Error('smtp down');
        }
        delivered.push(message);
      },
    };
    return { transport, attempts, delivered };
  }

  async function outboxRow(id: string) {
    const [row] = await server.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row!;
  }

  async function makeDue(id: string) {
    await server.services.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.id, id));
  }

  it('puts a failed message back in the queue and delivers it exactly once on a later pass', async () => {
    const { db } = server.services;
    const to = `outbox-${randomUUID().slice(0, 8)}@example.com`;
    const id = await enqueueEmail(db, {
      to,
      subject: 'Retry me',
      text: 'hello',
      html: '<p>hello</p>',
    });
    const { transport, attempts, delivered } = recordingTransport(1);

    expect(await deliverDueEmails(db, transport, from)).toBe(0);
    const afterFailure = await outboxRow(id);
    expect(afterFailure).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'smtp down',
      sentAt: null,
    });
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: a pass right away does not touch it.
    expect(await deliverDueEmails(db, transport, from)).toBe(0);
    expect(attempts).toHaveLength(1);

    await makeDue(id);
    expect(await deliverDueEmails(db, transport, from)).toBe(1);
    const afterSuccess = await outboxRow(id);
    expect(afterSuccess).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(afterSuccess.sentAt).toBeInstanceOf(Date);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      id,
      from,
      to,
      subject: 'Retry me',
      text: 'hello',
      html: '<p>hello</p>',
    });

    // Once sent it is never sent again, even when it would otherwise be due.
    await makeDue(id);
    expect(await deliverDueEmails(db, transport, from)).toBe(0);
    expect(attempts).toHaveLength(2);
    expect(delivered).toHaveLength(1);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    const { db } = server.services;
    const to = `failing-${randomUUID().slice(0, 8)}@example.com`;
    const id = await enqueueEmail(db, {
      to,
      subject: 'Never arrives',
      text: 't',
      html: '<p>t</p>',
    });
    const { transport, attempts, delivered } = recordingTransport(Number.POSITIVE_INFINITY);
    for (let i = 0; i < 20 && (await outboxRow(id)).status === 'queued'; i += 1) {
      await makeDue(id);
      await deliverDueEmails(db, transport, from);
    }
    const row = await outboxRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(attempts.filter((m) => m.id === id).length);
    expect(row.attempts).toBeGreaterThan(1);
    expect(delivered).toEqual([]);
    await makeDue(id);
    await deliverDueEmails(db, transport, from);
    expect((await outboxRow(id)).attempts).toBe(row.attempts);
  });

  it('takes over a message whose sender stopped mid-delivery once its lease ran out', async () => {
    const { db } = server.services;
    const id = await enqueueEmail(db, {
      to: 'lease@example.com',
      subject: 'Lease',
      text: 't',
      html: '<p>t</p>',
    });
    await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, id));
    const { transport, delivered } = recordingTransport(0);
    expect(await deliverDueEmails(db, transport, from)).toBe(0);
    await db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    expect(await deliverDueEmails(db, transport, from)).toBe(1);
    expect(delivered.map((m) => m.id)).toEqual([id]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
