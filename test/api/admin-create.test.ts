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
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { ConfigError, loadEnv } from '../../src/server/env';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import { decideVerification } from '../../src/server/services/screening/decide-verification';
import { ensureAdminAccounts } from '../../src/server/services/screening/ensure-admin-accounts';
import { listProfessionalsForScreening } from '../../src/server/services/screening/list-professionals-for-screening';
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
  it('reads --name <name> <email> [--password <pw>] in any order', () => {
    expect(parseAdminCreateArgs(['--name', 'Dana Reyes', 'a@example.com'])).toEqual({
      email: 'a@example.com',
      name: 'Dana Reyes',
      password: undefined,
    });
    expect(
      parseAdminCreateArgs(['a@example.com', '--password', 'secret-pw', '--name', 'Dana Reyes']),
    ).toEqual({ email: 'a@example.com', name: 'Dana Reyes', password: 'secret-pw' });
    expect(
      parseAdminCreateArgs(['--password=pw-123456', '--name=Lee Park', 'a@example.com']),
    ).toEqual({ email: 'a@example.com', name: 'Lee Park', password: 'pw-123456' });
    expect(() => parseAdminCreateArgs([])).toThrow(/Usage/);
    expect(() => parseAdminCreateArgs(['--name', 'Dana', 'a@example.com', '--password'])).toThrow(
      /--password needs a value/,
    );
    expect(() => parseAdminCreateArgs(['a@example.com', '--name'])).toThrow(/--name needs a value/);
    expect(() => parseAdminCreateArgs(['a@example.com', '--role', 'x'])).toThrow(/Unknown option/);
    // Unquoted names with a space read as a second address.
    expect(() => parseAdminCreateArgs(['--name', 'Dana', 'Reyes', 'a@example.com'])).toThrow(
      /name with spaces goes in quotes/,
    );
  });

  it("asks for the staff member's name (the console shows it on their decisions)", () => {
    for (const argv of [
      ['a@example.com'],
      ['a@example.com', '--name', '  '],
      ['--name=', 'a@x.com'],
    ]) {
      expect(() => parseAdminCreateArgs(argv)).toThrow(
        /Please give the staff member's name with --name/,
      );
    }
  });

  it('creates an admin with a generated password, printed once, that signs in', async () => {
    const email = unique('Admin');
    const lines = await adminCreate(server.services, ['--name', 'Dana Reyes', email]);
    expect(lines[0]).toBe(`Admin account created: Dana Reyes <${email.toLowerCase()}>`);
    const passwordLine = lines.find((line) => line.startsWith('Password'));
    const password = passwordLine!.split(': ')[1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    const [row] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    expect(row!.accountType).toBe('admin');
    expect(row!.name).toBe('Dana Reyes');
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
    const lines = await adminCreate(server.services, [
      email,
      '--name',
      'Lee Park',
      '--password',
      'chosen-pw-123',
    ]);
    expect(lines.join('\n')).not.toContain('chosen-pw-123');
    expect((await login(email, 'chosen-pw-123')).status).toBe(200);
  });

  it('refuses an address that already has an account (never promotes) and a short password', async () => {
    const practice = await seedPractice(server.services);
    await expect(
      adminCreate(server.services, ['--name', 'Dana Reyes', practice.email]),
    ).rejects.toMatchObject({ status: 409 });
    const [row] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, practice.email));
    expect(row!.accountType).toBe('practice');
    await expect(
      adminCreate(server.services, [unique('admin'), '--name', 'Dana Reyes', '--password', '123']),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      adminCreate(server.services, ['--name', 'Dana Reyes', 'not-an-email']),
    ).rejects.toMatchObject({ status: 400 });
    // A name on one line, of a sensible length.
    const badNames = ['Dana\nReyes', 'D'.repeat(101)];
    for (const name of badNames) {
      const email = unique('admin');
      await expect(adminCreate(server.services, ['--name', name, email])).rejects.toMatchObject({
        status: 400,
      });
      expect(await server.services.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
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
      const lines = await runAdminCreateCommand(
        ['--name', 'Ops Person', 'ops@example.com'],
        env,
        target,
      );
      expect(lines[0]).toBe('Admin account created: Ops Person <ops@example.com>');
      expect(lines.some((line) => line.startsWith('Password'))).toBe(true);
      const handle = await openDatabase(target);
      try {
        const rows = await handle.db.select().from(user).where(eq(user.email, 'ops@example.com'));
        expect(rows.map((r) => [r.accountType, r.name])).toEqual([['admin', 'Ops Person']]);
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
    expect(loadEnv(base).admins).toEqual([]);
    expect(
      loadEnv({ ...base, ADMIN_EMAILS: ' One@Example.com, two@example.com,,one@example.com ' })
        .admins,
    ).toEqual([
      { email: 'one@example.com', name: '' },
      { email: 'two@example.com', name: '' },
    ]);
    expect(() => loadEnv({ ...base, ADMIN_EMAILS: 'ops@example.com, nope' })).toThrow(ConfigError);
  });

  it('creates missing admins with a reset e-mail, once, and never promotes an existing account', async () => {
    const fresh = unique('staff');
    const practice = await seedPractice(server.services);
    const created = await ensureAdminAccounts(server.services, [
      { email: fresh, name: 'Dana Reyes' },
      { email: practice.email, name: 'Not An Admin' },
    ]);
    expect(created).toEqual([fresh]);
    const [row] = await server.services.db.select().from(user).where(eq(user.email, fresh));
    expect(row!.accountType).toBe('admin');
    expect(row!.name).toBe('Dana Reyes');
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

    expect(
      await ensureAdminAccounts(server.services, [
        { email: fresh, name: '' },
        { email: practice.email, name: 'Not An Admin' },
      ]),
    ).toEqual([]);
    const [practiceRow] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.email, practice.email));
    expect(practiceRow!.accountType).toBe('practice');
    expect(practiceRow!.name).not.toBe('Not An Admin');
    // An entry without a name leaves the admin's name as it is.
    const [again] = await server.services.db.select().from(user).where(eq(user.email, fresh));
    expect(again!.name).toBe('Dana Reyes');
  });

  it('gives an existing admin without a name (the old placeholder, blanked) the name listed', async () => {
    const email = unique('staff');
    await ensureAdminAccounts(server.services, [{ email, name: '' }]);
    const nameOf = async () =>
      (await server.services.db.select().from(user).where(eq(user.email, email)))[0]!.name;
    expect(await nameOf()).toBe('');
    expect(await ensureAdminAccounts(server.services, [{ email, name: 'Lee Park' }])).toEqual([]);
    expect(await nameOf()).toBe('Lee Park');
  });
});

describe('the console names the staff member who decided', () => {
  it("shows each admin's own name on their decisions, the e-mail for an admin without one", async () => {
    const dana = await createAdminAccount(server.services, {
      email: unique('dana'),
      name: 'Dana Reyes',
    });
    const unnamed = await createAdminAccount(server.services, { email: unique('ops'), name: '' });
    const pro = await seedProfessional(server.services, 'hygienist');
    await decideVerification(server.services, dana.userId, pro.professionalId, {
      decision: 'verified',
      reason: '',
    });
    await decideVerification(server.services, unnamed.userId, pro.professionalId, {
      decision: 'suspended',
      reason: 'No-show twice.',
    });
    const list = await listProfessionalsForScreening(server.services, 'suspended');
    const listed = list.professionals.find((p) => p.id === pro.professionalId)!;
    expect(listed.history.map((h) => [h.decision, h.admin])).toEqual([
      ['suspended', { id: unnamed.userId, name: '', email: unnamed.email }],
      ['verified', { id: dana.userId, name: 'Dana Reyes', email: dana.email }],
    ]);
    expect(JSON.stringify(list)).not.toContain('ChairFill Admin');
  });
});
