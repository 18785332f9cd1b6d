import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCreate,
  parseAdminCreateArgs,
  runAdminCreateCommand,
} from '../../scripts/admin-create';
import { openDatabase, type DatabaseTarget } from '../../src/server/db/client';
import { account, emailOutbox, user } from '../../src/server/db/schema';
import { seedPractice } from '../../src/server/db/seed/seed-accounts';
import { ConfigError, loadEnv } from '../../src/server/env';
import { ensureAdminAccounts } from '../../src/server/services/screening/ensure-admin-accounts';
import { createTestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const unique = (prefix: string) =>
  `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function login(email: string, password: string) {
  return server.client().post('/api/login', { email, password, audience: 'admin' });
}

describe('npm run admin:create', () => {
  it('reads <email> [--password <pw>]', () => {
    expect(parseAdminCreateArgs(['a@example.com'])).toEqual({
      email: 'a@example.com',
      password: undefined,
    });
    expect(parseAdminCreateArgs(['a@example.com', '--password', 'secret-pw'])).toEqual({
      email: 'a@example.com',
      password: 'secret-pw',
    });
    expect(parseAdminCreateArgs(['--password=pw-123456', 'a@example.com']).password).toBe(
      'pw-123456',
    );
    expect(() => parseAdminCreateArgs([])).toThrow(/Usage/);
    expect(() => parseAdminCreateArgs(['a@example.com', '--password'])).toThrow(/needs a value/);
    expect(() => parseAdminCreateArgs(['a@example.com', '--role', 'x'])).toThrow(/Unknown option/);
  });

  it('creates an admin with a generated password, printed once, that signs in', async () => {
    const email = unique('Admin');
    const lines = await adminCreate(server.services, [email]);
    expect(lines[0]).toBe(`Admin account created: ${email.toLowerCase()}`);
    const passwordLine = lines.find((line) => line.startsWith('Password'));
    const password = passwordLine!.split(': ')[1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    const [row] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    expect(row!.accountType).toBe('admin');
    // Hashed, never stored as given.
    const [credential] = await server.services.db
      .select()
      .from(account)
      .where(eq(account.userId, row!.id));
    expect(credential!.password).not.toContain(password);
    const res = await login(email, password);
    expect(res.status).toBe(200);
    expect(res.body.portalPath).toBe('/admin');
  });

  it('uses the given --password and does not print it', async () => {
    const email = unique('admin');
    const lines = await adminCreate(server.services, [email, '--password', 'chosen-pw-123']);
    expect(lines.join('\n')).not.toContain('chosen-pw-123');
    expect((await login(email, 'chosen-pw-123')).status).toBe(200);
  });

  it('refuses an address that already has an account (never promotes) and a short password', async () => {
    const practice = await seedPractice(server.services);
    await expect(adminCreate(server.services, [practice.email])).rejects.toMatchObject({
      status: 409,
    });
    const [row] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, practice.email));
    expect(row!.accountType).toBe('practice');
    await expect(
      adminCreate(server.services, [unique('admin'), '--password', '123']),
    ).rejects.toMatchObject({ status: 400 });
    await expect(adminCreate(server.services, ['not-an-email'])).rejects.toMatchObject({
      status: 400,
    });
  });

  it('runs against the configured database (migrating it first)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-admin-create-'));
    const shared = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const target: DatabaseTarget = shared?.target ?? { dataDir: path.join(dataDir, 'db') };
    try {
      const env = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        LOG_LEVEL: 'silent',
      });
      const lines = await runAdminCreateCommand(['ops@example.com'], env, target);
      expect(lines[0]).toBe('Admin account created: ops@example.com');
      expect(lines.some((line) => line.startsWith('Password'))).toBe(true);
      const handle = await openDatabase(target);
      try {
        const rows = await handle.db.select().from(user).where(eq(user.email, 'ops@example.com'));
        expect(rows.map((r) => r.accountType)).toEqual(['admin']);
      } finally {
        await handle.close();
      }
    } finally {
      await shared?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('ADMIN_EMAILS', () => {
  it('is a validated, comma-separated list', () => {
    const base = { NODE_ENV: 'test', BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() };
    expect(loadEnv(base).adminEmails).toEqual([]);
    expect(
      loadEnv({ ...base, ADMIN_EMAILS: ' One@Example.com, two@example.com,,one@example.com ' })
        .adminEmails,
    ).toEqual(['one@example.com', 'two@example.com']);
    expect(() => loadEnv({ ...base, ADMIN_EMAILS: 'ops@example.com, nope' })).toThrow(ConfigError);
  });

  it('creates missing admins with a reset e-mail, once, and never promotes an existing account', async () => {
    const fresh = unique('staff');
    const practice = await seedPractice(server.services);
    const created = await ensureAdminAccounts(server.services, [fresh, practice.email]);
    expect(created).toEqual([fresh]);
    const [row] = await server.services.db.select().from(user).where(eq(user.email, fresh));
    expect(row!.accountType).toBe('admin');
    const mails = await server.services.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, fresh),
          eq(emailOutbox.subject, 'Reset your ChairFill password'),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\/api\/auth\/reset-password\//);

    expect(await ensureAdminAccounts(server.services, [fresh, practice.email])).toEqual([]);
    const [practiceRow] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, practice.email));
    expect(practiceRow!.accountType).toBe('practice');
  });
});
