import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { startServer, type RunningServer } from '../../src/server/server';
import { seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { fileForm, PDF_BYTES } from '../support/sample-files';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createClient } from '../support/test-server';

/**
 * The security headers on every kind of response (HTML page, single-page-app page, 404 page,
 * JSON API, API error, static asset, file download, oversized body), in development and in
 * production mode behind https (HSTS, __Host- cookies). The built web app is replaced by a small
 * fixture directory of the same shape, so this runs before `npm run build`.
 */

interface Started {
  server: RunningServer;
  stop(): Promise<void>;
}

function fixtureClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chairfill-headers-client-'));
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title><script type="module" src="/assets/app-abc123.js"></script></head><body><h1>${title}</h1></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), page('Home'));
  writeFileSync(path.join(dir, 'app.html'), page('App'));
  writeFileSync(path.join(dir, '404.html'), page('Not found'));
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  return dir;
}

async function start(envOverrides: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-headers-'));
  const clientDir = fixtureClientDir();
  const database: TestDatabase = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  });
  const server = await startServer({ env, database: database.target, clientDir });
  return {
    server,
    async stop() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** Parses a Content-Security-Policy into directive → sources. */
function policy(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** What every response must carry, whatever its kind. */
function expectSecureHeaders(label: string, headers: Headers) {
  const csp = policy(headers.get('content-security-policy'));
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src')!;
  expect(scripts, label).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) {
    expect(scripts, `${label}: script-src ${unsafe}`).not.toContain(unsafe);
  }
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
  expect(headers.get('permissions-policy'), label).toMatch(/camera=\(\)/);
  // No server software or version is named.
  expect(headers.get('x-powered-by'), label).toBeNull();
  expect(headers.get('server'), label).toBeNull();
  expect(headers.get('x-aspnet-version'), label).toBeNull();
  expect(headers.get('via'), label).toBeNull();
}

describe('every kind of response (development)', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start({});
  });
  afterAll(async () => {
    await started?.stop();
  });

  it('carries the security headers, and no HSTS over plain http', async () => {
    const { server } = started;
    const client = createClient(server.url);
    const pro = await seedProfessional(server.services, 'hygienist');
    const login = await client.post('/api/login', {
      email: pro.email,
      password: pro.password,
      audience: 'professional',
    });
    expect(login.status).toBe(200);
    const upload = await client.raw(
      'POST',
      '/api/professional/resume',
      fileForm(PDF_BYTES, 'resume.pdf', 'application/pdf'),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const fileUrl: string = upload.body.resume.url;

    const responses: Array<[string, Promise<{ status: number; headers: Headers }>, number]> = [
      ['public page', client.get('/'), 200],
      ['app page', client.get('/practice-login'), 200],
      ['404 page', client.get('/no-such-page'), 404],
      ['static asset', client.get('/assets/app-abc123.js'), 200],
      ['robots.txt', client.get('/robots.txt'), 200],
      ['JSON API', client.get('/api/health'), 200],
      ['session API', client.get('/api/session'), 200],
      ['file download', client.get(fileUrl), 200],
      ['API 404', client.get('/api/no-such-route'), 404],
      ['API 401', createClient(server.url).get('/api/account/sessions'), 401],
      [
        'API 400',
        client.raw('POST', '/api/account/password', '{', { 'content-type': 'application/json' }),
        400,
      ],
      [
        'API 413',
        client.raw('POST', '/api/login', 'x'.repeat(2_000_000), {
          'content-type': 'application/json',
        }),
        413,
      ],
      ['mailbox page', client.get('/dev/mailbox'), 200],
      ['calendar 404', client.get('/calendar/unknown.ics'), 404],
    ];
    for (const [label, pending, status] of responses) {
      const res = await pending;
      expect(res.status, label).toBe(status);
      expectSecureHeaders(label, res.headers);
      expect(res.headers.get('strict-transport-security'), label).toBeNull();
    }

    const download = await client.get(fileUrl);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="resume.pdf"/,
    );
  });

  it('names cookies chairfill.* over http, HttpOnly and SameSite=Lax', async () => {
    const { server } = started;
    const pro = await seedProfessional(server.services, 'assistant');
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: pro.email, password: pro.password, audience: 'professional' }),
    });
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^chairfill\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });
});

describe('production mode behind https', () => {
  const PUBLIC_URL = 'https://chairfill.example.com';
  let started: Started;
  beforeAll(async () => {
    started = await start({ NODE_ENV: 'production', PUBLIC_URL, DEMO_DATA: 'false' });
  });
  afterAll(async () => {
    await started?.stop();
  });

  /** A request as the browser sends it through the https load balancer. */
  const send = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${started.server.url}${pathname}`, {
      ...init,
      redirect: 'manual',
      headers: {
        origin: PUBLIC_URL,
        'content-type': 'application/json',
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });

  it('sends HSTS for two years with subdomains, and every other header, on every kind of response', async () => {
    for (const [label, pathname, status] of [
      ['public page', '/', 200],
      ['app page', '/practice-login', 200],
      ['static asset', '/assets/app-abc123.js', 200],
      ['JSON API', '/api/health', 200],
      ['API 404', '/api/no-such-route', 404],
      ['API 401', '/api/account/sessions', 401],
    ] as const) {
      const res = await send(pathname);
      expect(res.status, label).toBe(status);
      expectSecureHeaders(label, res.headers);
      const hsts = res.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), label).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, label).toContain('includeSubDomains');
      expect(res.headers.get('content-security-policy'), label).toContain(
        'upgrade-insecure-requests',
      );
    }
    // The development mailbox does not exist in production.
    expect((await send('/dev/mailbox')).status).toBe(404);
    expect((await send('/api/dev/mail')).status).toBe(404);
  });

  it('signs in with a __Host- cookie (Secure, Path=/, no Domain) that then works', async () => {
    const pro = await seedProfessional(started.server.services, 'front-desk');
    const login = await send('/api/login', {
      method: 'POST',
      body: JSON.stringify({ email: pro.email, password: pro.password, audience: 'professional' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-chairfill\./);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
    const pair = cookies[0]!.split(';')[0]!;
    expect(pair).toMatch(/^__Host-chairfill\.session_token=/);

    const session = await send('/api/session', { cookie: pair });
    expect((await session.json()).user?.email).toBe(pro.email);
    const sessions = await send('/api/account/sessions', { cookie: pair });
    expect(sessions.status).toBe(200);

    // The same token under the old names is not a session.
    const token = pair.slice(pair.indexOf('=') + 1);
    for (const name of ['chairfill.session_token', '__Secure-chairfill.session_token']) {
      const other = await send('/api/session', { cookie: `${name}=${token}` });
      expect((await other.json()).user, name).toBeNull();
    }

    const signOut = await send('/api/auth/sign-out', { method: 'POST', cookie: pair, body: '{}' });
    expect(signOut.status).toBe(200);
    const cleared = signOut.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-chairfill.session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect((await (await send('/api/session', { cookie: pair })).json()).user).toBeNull();
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await fetch(`${started.server.url}/api/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'a@example.com',
        password: 'whatever-1',
        audience: 'practice',
      }),
    });
    expect(res.status).toBe(403);
  });
});
