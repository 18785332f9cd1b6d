import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { startServer, type RunningServer } from '../../src/server/server';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createClient } from '../support/test-server';

/**
 * The app shell of a portal page carries its code hints for everyone, and its first reads only
 * for the account whose portal it is (decision record 033): a signed-out visitor's preloaded 401s
 * would be what the page found after signing in. The built app is a fixture with a manifest.
 */

function fixtureClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chairfill-hints-client-'));
  const page = `<!doctype html><html lang="en"><head><title>App</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
  for (const file of ['index.html', 'app.html', '404.html'])
    writeFileSync(path.join(dir, file), page);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js' },
      'src/web/app-providers.tsx': { file: 'assets/app-providers-1.js', imports: ['index.html'] },
      'src/web/portals/practice-portal.tsx': { file: 'assets/practice-portal-1.js' },
    }),
  );
  return dir;
}

describe('portal page hints', () => {
  let server: RunningServer;
  let database: TestDatabase;
  let dataDir: string;
  let clientDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-hints-'));
    clientDir = fixtureClientDir();
    database = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
    });
    server = await startServer({ env, database: database.target, clientDir });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** A new practice and a client signed in to it. */
  async function signedInPractice() {
    const client = createClient(server.url);
    const practice = await seedPractice(server.services);
    const login = await client.post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(login.status).toBe(200);
    return { client, practice };
  }

  const sessionRead = '<link rel="preload" as="fetch" crossorigin href="/api/session">';
  const portalCode = '<link rel="modulepreload" crossorigin href="/assets/practice-portal-1.js">';

  it('signed out: the code, not the reads', async () => {
    const res = await createClient(server.url).get<string>('/practice-portal');
    const html = res.body;
    expect(res.status).toBe(200);
    expect(html).toContain(portalCode);
    expect(html).not.toContain('/api/');
  });

  it('signed in to the practice portal: the code and the reads', async () => {
    const { client } = await signedInPractice();
    const html = (await client.get<string>('/practice-portal')).body;
    expect(html).toContain(portalCode);
    expect(html).toContain(sessionRead);
    expect(html).toContain('href="/api/practice/dashboard"');
    expect(html).not.toContain('modulepreload crossorigin href="/assets/index-1.js"');
  });

  it("Staffing Requests: each listed month's first page too, read as the practice", async () => {
    const { client, practice } = await signedInPractice();
    const monthRead = (date: string) =>
      `<link rel="preload" as="fetch" crossorigin href="/api/practice/shifts?month=${date.slice(0, 7)}">`;
    const soon = practiceDateFromToday(1);
    const later = practiceDateFromToday(40);
    // No shifts yet: no months, no month reads.
    const empty = (await client.get<string>('/practice-portal/staffing-requests')).body;
    expect(empty).toContain('href="/api/practice/shift-months"');
    expect(empty).not.toContain('/api/practice/shifts?month=');
    await seedShifts(server.services, practice.practiceId, { dates: [soon, later] });
    const html = (await client.get<string>('/practice-portal/staffing-requests')).body;
    expect(html).toContain(monthRead(soon));
    expect(html).toContain(monthRead(later));
    // Another practice's page names its own months, none of these.
    const { client: otherClient } = await signedInPractice();
    const otherHtml = (await otherClient.get<string>('/practice-portal/staffing-requests')).body;
    expect(otherHtml).toContain('href="/api/practice/shift-months"');
    expect(otherHtml).not.toContain('/api/practice/shifts?month=');
  });

  it("a professional opening the practice portal: not the practice's reads", async () => {
    const client = createClient(server.url);
    const pro = await seedProfessional(server.services, 'hygienist');
    const login = await client.post('/api/login', {
      email: pro.email,
      password: pro.password,
      audience: 'professional',
    });
    expect(login.status).toBe(200);
    const html = (await client.get<string>('/practice-portal/billing')).body;
    expect(html).toContain(portalCode);
    expect(html).not.toContain('/api/');
  });
});
