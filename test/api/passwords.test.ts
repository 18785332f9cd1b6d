import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMessages } from '../../src/shared/account-security';
import { fieldMessages, loginErrors } from '../../src/shared/messages';
import { commonPasswordCount, isCommonPassword } from '../../src/server/auth/common-passwords';
import { account, session, user } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { login } from '../support/professional-session';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function practiceSignup(email: string, password: string) {
  return {
    practiceName: 'Bayside Smiles',
    email,
    phone: '(732) 555-0100',
    address: '1 Ocean Ave',
    city: 'Long Branch',
    state: 'NJ',
    zipCode: '07740',
    password,
    confirmPassword: password,
    pointOfContact: 'Robin Front',
    acceptTerms: true,
  };
}

function professionalSignup(email: string, password: string) {
  return {
    role: 'hygienist',
    firstName: 'Casey',
    lastName: 'Rivera',
    email,
    phone: '(973) 555-0199',
    address: '9 Elm St',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    licenseNumber: 'NJ-12345',
    yearsOfExperience: 4,
    employmentStatus: 'temp',
    password,
    confirmPassword: password,
    acceptTerms: true,
  };
}

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function usersWithEmail(email: string) {
  return server.services.db.select({ id: user.id }).from(user).where(eq(user.email, email));
}

async function passwordHashOf(userId: string): Promise<string> {
  const [row] = await server.services.db
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return row!.password!;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await server.services.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, userId));
  return rows.length;
}

async function signedInAs(client: ApiClient): Promise<string | null> {
  return (await client.get('/api/session')).body.user?.email ?? null;
}

/** The reset token e-mailed to `email` (through the development mailbox; bounded wait). */
async function resetTokenFor(email: string): Promise<string> {
  const asked = await server.client().post('/api/password-reset/request', { email });
  expect(asked.status).toBe(200);
  for (let i = 0; i < 100; i += 1) {
    const mail = await server.client().get('/api/dev/mail');
    const message = (mail.body.messages as Array<{ to: string; text: string }>).find(
      (m) => m.to === email,
    );
    const link = message && /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.text);
    if (link) return link[1]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset e-mail for ${email}`);
}

describe('password storage', () => {
  it('stores Argon2id hashes at the OWASP parameters (19 MiB, 2 iterations, 1 lane), salted', async () => {
    const first = await seedPractice(server.services);
    const second = await seedPractice(server.services);
    const hash = await passwordHashOf(first.userId);
    expect(hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(hash).not.toContain(first.password);
    // Same password, different salt: different hashes.
    expect(await passwordHashOf(second.userId)).not.toBe(hash);
  });
});

describe('common passwords', () => {
  it('bundles at least the 10,000 most common passwords and compares without case', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const password of ['123456', 'password', 'qwerty123', 'iloveyou', 'football']) {
      expect(isCommonPassword(password)).toBe(true);
    }
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('ILoveYou')).toBe(true);
    expect(isCommonPassword('harbor-tide-7731')).toBe(false);
  });

  it.each(['password', 'Password1', '12345678', 'QWERTY', 'sunshine'])(
    'refuses %j at practice sign-up, under the password field, and creates nothing',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await server
        .client()
        .post('/api/signup/practice', practiceSignup(email, password));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(accountSecurityMessages.commonPassword);
      expect(res.body.error.fields).toEqual({ password: accountSecurityMessages.commonPassword });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await usersWithEmail(email)).toEqual([]);
    },
  );

  it('refuses a common password at professional sign-up and accepts an uncommon one', async () => {
    const email = uniqueEmail('pro-common');
    const refused = await server
      .client()
      .post('/api/signup/professional', professionalSignup(email, 'Baseball'));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ password: accountSecurityMessages.commonPassword });
    expect(await usersWithEmail(email)).toEqual([]);

    const accepted = await server
      .client()
      .post('/api/signup/professional', professionalSignup(email, 'tide-pool-4417'));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('keeps the spec’s 6-character minimum and its message ahead of the list', async () => {
    const res = await server
      .client()
      .post('/api/signup/practice', practiceSignup(uniqueEmail('short'), '12345'));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ password: fieldMessages.passwordTooShort });
  });

  it('refuses a common password at reset without using up the link', async () => {
    const practice = await seedPractice(server.services);
    const token = await resetTokenFor(practice.email);
    const before = await passwordHashOf(practice.userId);

    const refused = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'Letmein',
      confirmPassword: 'Letmein',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ password: accountSecurityMessages.commonPassword });
    expect(await passwordHashOf(practice.userId)).toBe(before);

    const done = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'harbor-light-2291',
      confirmPassword: 'harbor-light-2291',
    });
    expect(done.status).toBe(200);
    expect(await passwordHashOf(practice.userId)).not.toBe(before);
  });
});

describe('password reset ends every session', () => {
  it('signs out all of the account’s sessions (revokeSessionsOnPasswordReset)', async () => {
    const pro = await seedProfessional(server.services, 'assistant');
    const fromSignUp = await sessionCount(pro.userId);
    const laptop = await login(server, pro.email, pro.password, 'professional');
    const phone = await login(server, pro.email, pro.password, 'professional');
    expect(await sessionCount(pro.userId)).toBe(fromSignUp + 2);

    const token = await resetTokenFor(pro.email);
    const done = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'new-shift-pass-88',
      confirmPassword: 'new-shift-pass-88',
    });
    expect(done.status).toBe(200);

    expect(await sessionCount(pro.userId)).toBe(0);
    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(phone)).toBeNull();
    expect((await phone.get('/api/professional/profile')).status).toBe(401);
  });
});

describe('POST /api/account/password (change password)', () => {
  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const practice = await seedPractice(server.services);
    const here = await login(server, practice.email, practice.password, 'practice');
    const elsewhere = await login(server, practice.email, practice.password, 'practice');
    const before = await passwordHashOf(practice.userId);

    const res = await here.post('/api/account/password', {
      currentPassword: practice.password,
      password: 'quiet-harbor-5150',
      confirmPassword: 'quiet-harbor-5150',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: accountSecurityMessages.passwordChanged });
    expect(await passwordHashOf(practice.userId)).toMatch(/^\$argon2id\$/);
    expect(await passwordHashOf(practice.userId)).not.toBe(before);

    expect(await signedInAs(here)).toBe(practice.email);
    expect(await signedInAs(elsewhere)).toBeNull();
    expect(await sessionCount(practice.userId)).toBe(1);

    const old = await server.client().post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toBe(loginErrors.invalidCredentials);
    const fresh = await login(server, practice.email, 'quiet-harbor-5150', 'practice');
    expect(await signedInAs(fresh)).toBe(practice.email);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const here = await login(server, pro.email, pro.password, 'professional');
    const elsewhere = await login(server, pro.email, pro.password, 'professional');
    const before = await passwordHashOf(pro.userId);

    const res = await here.post('/api/account/password', {
      currentPassword: 'not-my-password',
      password: 'quiet-harbor-5150',
      confirmPassword: 'quiet-harbor-5150',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      currentPassword: accountSecurityMessages.currentPasswordWrong,
    });
    expect(await passwordHashOf(pro.userId)).toBe(before);
    expect(await signedInAs(elsewhere)).toBe(pro.email);
  });

  it('refuses a common new password and changes nothing', async () => {
    const pro = await seedProfessional(server.services, 'front-desk');
    const here = await login(server, pro.email, pro.password, 'professional');
    const elsewhere = await login(server, pro.email, pro.password, 'professional');
    const before = await passwordHashOf(pro.userId);

    const res = await here.post('/api/account/password', {
      currentPassword: pro.password,
      password: 'Dragon',
      confirmPassword: 'Dragon',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ password: accountSecurityMessages.commonPassword });
    expect(await passwordHashOf(pro.userId)).toBe(before);
    expect(await signedInAs(elsewhere)).toBe(pro.email);
  });

  it('checks every field with the spec’s messages', async () => {
    const practice = await seedPractice(server.services);
    const here = await login(server, practice.email, practice.password, 'practice');
    const before = await passwordHashOf(practice.userId);

    const empty = await here.post('/api/account/password', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      currentPassword: accountSecurityMessages.currentPasswordRequired,
      password: fieldMessages.passwordRequired,
      confirmPassword: fieldMessages.confirmPasswordRequired,
    });
    const short = await here.post('/api/account/password', {
      currentPassword: practice.password,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.body.error.fields).toEqual({ password: fieldMessages.passwordTooShort });
    const mismatch = await here.post('/api/account/password', {
      currentPassword: practice.password,
      password: 'quiet-harbor-5150',
      confirmPassword: 'quiet-harbor-5151',
    });
    expect(mismatch.body.error.fields).toEqual({
      confirmPassword: fieldMessages.passwordsDoNotMatch,
    });
    const wrongTypes = await here.post('/api/account/password', {
      currentPassword: 12,
      password: ['x'],
      confirmPassword: null,
    });
    expect(wrongTypes.status).toBe(400);
    const notJson = await here.raw('POST', '/api/account/password', '{', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
    expect(await passwordHashOf(practice.userId)).toBe(before);
  });

  it('needs a signed-in session and a request from our own pages', async () => {
    const body = {
      currentPassword: 'chairfill-demo',
      password: 'quiet-harbor-5150',
      confirmPassword: 'quiet-harbor-5150',
    };
    const signedOut = await server.client().post('/api/account/password', body);
    expect(signedOut.status).toBe(401);

    const practice = await seedPractice(server.services);
    const here = await login(server, practice.email, practice.password, 'practice');
    const before = await passwordHashOf(practice.userId);
    const crossSite = await here.raw('POST', '/api/account/password', JSON.stringify(body), {
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await passwordHashOf(practice.userId)).toBe(before);
  });

  it('allows ten tries per account in 15 minutes, then answers 429', async () => {
    const practice = await seedPractice(server.services);
    const here = await login(server, practice.email, practice.password, 'practice');
    const wrong = {
      currentPassword: 'guess-0',
      password: 'quiet-harbor-5150',
      confirmPassword: 'quiet-harbor-5150',
    };
    for (let i = 0; i < 10; i += 1) {
      const res = await here.post('/api/account/password', {
        ...wrong,
        currentPassword: `guess-${i}`,
      });
      expect(res.status).toBe(400);
    }
    const blocked = await here.post('/api/account/password', {
      ...wrong,
      currentPassword: practice.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(loginErrors.tooManyRequests);
    expect(await signedInAs(here)).toBe(practice.email);
  });

  it('counts only wrong current passwords: changes succeed again and again, and a success clears the failures', async () => {
    const practice = await seedPractice(server.services);
    const here = await login(server, practice.email, practice.password, 'practice');
    const passwords = [practice.password, 'quiet-harbor-5150', 'amber-lantern-2718'];
    const change = (from: string, to: string) =>
      here.post('/api/account/password', {
        currentPassword: from,
        password: to,
        confirmPassword: to,
      });
    for (let i = 0; i < 11; i += 1) {
      const res = await change(passwords[i % 3]!, passwords[(i + 1) % 3]!);
      expect(res.status, `change ${i + 1}`).toBe(200);
    }
    const current = passwords[11 % 3]!;
    for (let i = 0; i < 9; i += 1)
      expect((await change(`guess-${i}`, 'x-ray-vision-99')).status).toBe(400);
    expect((await change(current, 'night-owl-4242')).status).toBe(200);
    // A fresh allowance of ten wrong guesses after the success, then 429.
    for (let i = 0; i < 10; i += 1)
      expect((await change(`guess-${i}`, 'x-ray-vision-99')).status).toBe(400);
    const blocked = await change('night-owl-4242', 'x-ray-vision-99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(loginErrors.tooManyRequests);
  });
});
