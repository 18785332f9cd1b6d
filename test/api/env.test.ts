import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../src/server/env';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chairfill-env-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs loadEnv and returns the ConfigError it throws (fails the test when it does not throw one). */
function configErrorFor(source: Record<string, string | undefined>): ConfigError {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

function problemsNaming(error: ConfigError, variable: string): string[] {
  return error.problems.filter((problem) => problem.startsWith(`${variable} `));
}

describe('loadEnv', () => {
  it('uses the defaults: port 3000, ./data resolved to an absolute path', () => {
    const env = loadEnv({ BETTER_AUTH_SECRET: SECRET });
    expect(env.port).toBe(3000);
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.nodeEnv).toBe('development');
    expect(env.isProduction).toBe(false);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.maxBodyBytes).toBe(1_000_000);
    expect(env.authSecret).toBe(SECRET);
  });

  it('reads the values it is given', () => {
    const dataDir = tempDir();
    const env = loadEnv({
      PORT: '8080',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://chair:fill@db.internal:5432/chairfill',
      BETTER_AUTH_SECRET: SECRET,
      PUBLIC_URL: 'https://chairfill.example.com/',
      MAX_BODY_BYTES: '4096',
    });
    expect(env.port).toBe(8080);
    expect(env.dataDir).toBe(dataDir);
    expect(env.databaseUrl).toBe('postgresql://chair:fill@db.internal:5432/chairfill');
    expect(env.publicUrl).toBe('https://chairfill.example.com');
    expect(env.maxBodyBytes).toBe(4096);
  });

  it('treats an empty DATABASE_URL as not set', () => {
    expect(loadEnv({ DATABASE_URL: '', BETTER_AUTH_SECRET: SECRET }).databaseUrl).toBeUndefined();
  });

  it.each([
    'mysql://user@host/db',
    'localhost:5432/chairfill',
    'postgres://',
    'postgres://host name/db',
  ])('refuses DATABASE_URL %j with a ConfigError naming it', (value) => {
    const error = configErrorFor({ DATABASE_URL: value, BETTER_AUTH_SECRET: SECRET });
    expect(problemsNaming(error, 'DATABASE_URL')).not.toEqual([]);
    expect(error.message).toContain('DATABASE_URL');
  });

  it.each(['abc', '-1', '65536', '80.5'])(
    'refuses PORT %j with a ConfigError naming it',
    (value) => {
      const error = configErrorFor({ PORT: value, BETTER_AUTH_SECRET: SECRET });
      expect(problemsNaming(error, 'PORT')).toEqual([
        'PORT must be a whole number from 0 to 65535',
      ]);
    },
  );

  it('refuses a BETTER_AUTH_SECRET shorter than 32 characters', () => {
    const dataDir = tempDir();
    const error = configErrorFor({ BETTER_AUTH_SECRET: 'x'.repeat(31), DATA_DIR: dataDir });
    expect(problemsNaming(error, 'BETTER_AUTH_SECRET')).toEqual([
      'BETTER_AUTH_SECRET must be at least 32 characters long',
    ]);
    expect(loadEnv({ BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: dataDir }).authSecret).toBe(
      'x'.repeat(32),
    );
  });

  it('reads the money settings, refusing a fee or late-cancellation amount out of range', () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir }).money).toEqual({
      feeBasisPoints: 1500,
      lateCancelMinutes: 240,
    });
    expect(
      loadEnv({ DATA_DIR: dataDir, PLATFORM_FEE_PERCENT: '12.5', LATE_CANCEL_HOURS: '2' }).money,
    ).toEqual({ feeBasisPoints: 1250, lateCancelMinutes: 120 });
    const error = configErrorFor({
      DATA_DIR: dataDir,
      PLATFORM_FEE_PERCENT: '60',
      LATE_CANCEL_HOURS: 'four',
      STRIPE_SECRET_KEY: 'sk_test_x',
    });
    expect(problemsNaming(error, 'PLATFORM_FEE_PERCENT')).toHaveLength(1);
    expect(problemsNaming(error, 'LATE_CANCEL_HOURS')).toHaveLength(1);
    expect(problemsNaming(error, 'STRIPE_WEBHOOK_SECRET')).toHaveLength(1);
    expect(loadEnv({ DATA_DIR: dataDir }).stripe).toBeUndefined();
  });

  it('reads Twilio for text messages, each variable checked, or leaves texts to the mailbox sandbox', () => {
    const dataDir = tempDir();
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    const plain = loadEnv({ DATA_DIR: dataDir });
    expect(plain.twilio).toBeUndefined();
    expect(plain.smsPollMs).toBe(2000);
    expect(
      loadEnv({
        DATA_DIR: dataDir,
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+12015550100',
        TWILIO_API_URL: 'http://127.0.0.1:4010/',
        SMS_POLL_MS: '500',
      }),
    ).toMatchObject({
      twilio: {
        accountSid: sid,
        authToken: 'token',
        sender: { from: '+12015550100' },
        apiUrl: 'http://127.0.0.1:4010',
      },
      smsPollMs: 500,
    });
    expect(
      loadEnv({
        DATA_DIR: dataDir,
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_MESSAGING_SERVICE_SID: `MG${'a'.repeat(32)}`,
      }).twilio!.sender,
    ).toEqual({ messagingServiceSid: `MG${'a'.repeat(32)}` });

    const missing = configErrorFor({ DATA_DIR: dataDir, TWILIO_ACCOUNT_SID: sid });
    expect(problemsNaming(missing, 'TWILIO_AUTH_TOKEN')).toEqual([
      'TWILIO_AUTH_TOKEN is required when TWILIO_ACCOUNT_SID is set',
    ]);
    expect(problemsNaming(missing, 'TWILIO_FROM')).toHaveLength(1);
    const malformed = configErrorFor({
      DATA_DIR: dataDir,
      TWILIO_ACCOUNT_SID: 'SK123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '201-555-0100',
      TWILIO_API_URL: 'ftp://twilio',
      SMS_POLL_MS: '10',
    });
    expect(problemsNaming(malformed, 'TWILIO_ACCOUNT_SID')).toEqual([
      'TWILIO_ACCOUNT_SID must be an Account SID: AC followed by 32 hexadecimal characters',
    ]);
    expect(problemsNaming(malformed, 'TWILIO_FROM')).toEqual([
      'TWILIO_FROM must be a phone number in international form, such as +12015550123',
    ]);
    expect(problemsNaming(malformed, 'TWILIO_API_URL')).toHaveLength(1);
    expect(problemsNaming(malformed, 'SMS_POLL_MS')).toHaveLength(1);
    const both = configErrorFor({
      DATA_DIR: dataDir,
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+12015550100',
      TWILIO_MESSAGING_SERVICE_SID: `MG${'a'.repeat(32)}`,
    });
    expect(problemsNaming(both, 'TWILIO_MESSAGING_SERVICE_SID')).toHaveLength(1);
    expect(
      problemsNaming(configErrorFor({ TWILIO_AUTH_TOKEN: 'token' }), 'TWILIO_ACCOUNT_SID'),
    ).toHaveLength(1);
  });

  it('names every bad variable at once', () => {
    const error = configErrorFor({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x/y',
      BETTER_AUTH_SECRET: 'short',
    });
    for (const variable of ['PORT', 'DATABASE_URL', 'BETTER_AUTH_SECRET']) {
      expect(problemsNaming(error, variable)).not.toEqual([]);
    }
  });

  it('requires BETTER_AUTH_SECRET in production and never generates one there', () => {
    const dataDir = tempDir();
    const error = configErrorFor({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://chairfill.example.com',
      DATA_DIR: dataDir,
    });
    expect(problemsNaming(error, 'BETTER_AUTH_SECRET')).toHaveLength(1);
    expect(error.problems).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('requires PUBLIC_URL in production', () => {
    const error = configErrorFor({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET });
    expect(problemsNaming(error, 'PUBLIC_URL')).toHaveLength(1);
  });

  it('starts in production when the secret and public URL are set', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: SECRET,
      PUBLIC_URL: 'https://chairfill.example.com',
    });
    expect(env.isProduction).toBe(true);
    expect(env.authSecret).toBe(SECRET);
    expect(env.demoData).toBe(false);
  });

  it('outside production generates a secret once into DATA_DIR/auth-secret and reads it back', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);

    const second = loadEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    expect(second.authSecret).toBe(first.authSecret);

    const elsewhere = loadEnv({ DATA_DIR: tempDir() });
    expect(elsewhere.authSecret).not.toBe(first.authSecret);
  });

  it('prefers BETTER_AUTH_SECRET over a stored secret and leaves the stored one alone', () => {
    const dataDir = tempDir();
    const stored = loadEnv({ DATA_DIR: dataDir }).authSecret;
    expect(loadEnv({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(stored);
  });

  it('replaces a stored secret that is too short to use', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'auth-secret'), 'tiny\n');
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(env.authSecret).not.toBe('tiny');
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(env.authSecret);
  });
});

describe('ADMIN_EMAILS', () => {
  const base = { BETTER_AUTH_SECRET: SECRET };

  it('reads addresses with or without the staff member’s name', () => {
    const env = loadEnv({
      ...base,
      ADMIN_EMAILS:
        ' Dana Reyes <Dana@X.com>, ops@x.com,"Lee Park" <lee@x.com>, <sam@x.com>, dana@x.com ',
    });
    expect(env.admins).toEqual([
      { email: 'dana@x.com', name: 'Dana Reyes' },
      { email: 'ops@x.com', name: '' },
      { email: 'lee@x.com', name: 'Lee Park' },
      { email: 'sam@x.com', name: '' },
    ]);
    expect(loadEnv(base).admins).toEqual([]);
    // An address listed first without a name takes the name a later entry gives it.
    expect(loadEnv({ ...base, ADMIN_EMAILS: 'ops@x.com, Ops Desk <OPS@x.com>' }).admins).toEqual([
      { email: 'ops@x.com', name: 'Ops Desk' },
    ]);
  });

  it('names each malformed entry and how to write it', () => {
    const error = configErrorFor({
      ...base,
      ADMIN_EMAILS: 'Dana Reyes <dana@x.com>, Reyes, Lee Park lee@x.com, Sam <sam@x.com, Kim <kim>',
    });
    const problems = problemsNaming(error, 'ADMIN_EMAILS');
    expect(problems).toEqual(
      ['Reyes', 'Lee Park lee@x.com', 'Sam <sam@x.com', 'Kim <kim>'].map(
        (entry) =>
          `ADMIN_EMAILS has a malformed entry "${entry}": write dana@example.com or Dana Reyes <dana@example.com>, separated by commas`,
      ),
    );
  });

  it('refuses a name on more than one line or too long', () => {
    const long = 'N'.repeat(101);
    const problems = problemsNaming(
      configErrorFor({ ...base, ADMIN_EMAILS: `Dana\tReyes <dana@x.com>, ${long} <n@x.com>` }),
      'ADMIN_EMAILS',
    );
    expect(problems).toEqual([
      'ADMIN_EMAILS has a bad name in "Dana\tReyes <dana@x.com>": Please remove line breaks and special characters.',
      `ADMIN_EMAILS has a bad name in "${long} <n@x.com>": Must be at most 100 characters`,
    ]);
  });
});
