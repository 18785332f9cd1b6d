import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, loginErrors, passwordResetMessages } from '../../src/shared/messages';
import { emailOutbox } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { rateLimitRules } from '../../src/server/routes/rate-limits';
import { postFromAddress } from '../support/client-from-address';
import { login } from '../support/professional-session';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

async function mailTo(address: string): Promise<MailMessage[]> {
  const res = await server.client().get('/api/dev/mail');
  expect(res.status).toBe(200);
  return (res.body.messages as MailMessage[]).filter((m) => m.to === address);
}

/** Polls the development mailbox until `address` has `expected` messages (bounded: about 5 s). */
async function waitForMail(address: string, expected = 1): Promise<MailMessage[]> {
  for (let i = 0; i < 100; i += 1) {
    const messages = await mailTo(address);
    if (messages.length >= expected) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail arrived for ${address}`);
}

function resetLinkIn(message: MailMessage): URL {
  const match = /https?:\/\/\S+\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=\S*/.exec(
    message.text,
  );
  expect(match, 'reset link in the e-mail text').not.toBeNull();
  return new URL(match![0]);
}

/** Follows the e-mailed link (without following the redirect) and reads the token from it. */
async function tokenFromLink(link: URL): Promise<string> {
  const res = await server.client().get(`${link.pathname}${link.search}`);
  expect([302, 303, 307]).toContain(res.status);
  const location = new URL(res.headers.get('location')!, server.url);
  expect(location.pathname).toBe('/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

async function requestResetToken(email: string): Promise<string> {
  const res = await server.client().post('/api/password-reset/request', { email });
  expect(res.status).toBe(200);
  const [message] = await waitForMail(email);
  return tokenFromLink(resetLinkIn(message!));
}

describe('POST /api/password-reset/request', () => {
  it('answers an existing and an unknown address alike, and mails only the existing one', async () => {
    const practice = await seedPractice(server.services);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;

    const forUnknown = await server
      .client()
      .post('/api/password-reset/request', { email: unknown });
    const forExisting = await server
      .client()
      .post('/api/password-reset/request', { email: practice.email });
    expect(forUnknown.status).toBe(200);
    expect(forExisting.status).toBe(200);
    expect(forExisting.body).toEqual({ message: passwordResetMessages.sent });
    expect(forUnknown.body).toEqual(forExisting.body);

    const messages = await waitForMail(practice.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toMatch(/reset/i);
    expect(messages[0]!.text).toContain(`${server.url}/api/auth/reset-password/`);
    // The request for the unknown address came first; nothing was queued or delivered for it.
    expect(await mailTo(unknown)).toEqual([]);
    const queued = await server.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, unknown));
    expect(queued).toEqual([]);
  });

  it('finds the account whatever the case of the address', async () => {
    const pro = await seedProfessional(server.services, 'front-desk');
    const res = await server
      .client()
      .post('/api/password-reset/request', { email: ` ${pro.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await waitForMail(pro.email)).toHaveLength(1);
  });

  it('refuses a malformed address with 400 and the spec text', async () => {
    for (const email of ['not-an-email', 'a@b', 'two words@example.com']) {
      const res = await server.client().post('/api/password-reset/request', { email });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(passwordResetMessages.invalidEmail);
      expect(res.body.error.fields).toEqual({ email: passwordResetMessages.invalidEmail });
    }
    const empty = await server.client().post('/api/password-reset/request', { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ email: fieldMessages.emailRequired });
  });

  it('refuses more than 5 requests for one address in an hour with 429 and the spec text', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      // Alternate the case: the limit counts the address, not its spelling.
      const res = await server
        .client()
        .post('/api/password-reset/request', { email: i % 2 ? email.toUpperCase() : email });
      expect(res.status).toBe(200);
    }
    const sixth = await server.client().post('/api/password-reset/request', { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(loginErrors.tooManyRequests);
    // Another address is not affected.
    const other = await server
      .client()
      .post('/api/password-reset/request', { email: `other-${email}` });
    expect(other.status).toBe(200);
  });
});

describe('GET /api/auth/reset-password/:token (the e-mailed link)', () => {
  it('redirects an unknown token to the reset page with an error instead of a token', async () => {
    const res = await server
      .client()
      .get('/api/auth/reset-password/NoSuchToken123?callbackURL=%2Freset-password');
    expect([302, 303, 307]).toContain(res.status);
    const location = new URL(res.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('token')).toBeNull();
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses a link whose callbackURL points to another site, and leaks no token', async () => {
    const practice = await seedPractice(server.services);
    await server.client().post('/api/password-reset/request', { email: practice.email });
    const link = resetLinkIn((await waitForMail(practice.email))[0]!);
    const res = await server
      .client()
      .get(`${link.pathname}?callbackURL=${encodeURIComponent('https://evil.example/steal')}`);
    expect(res.status).toBe(403);
    expect(res.headers.get('location') ?? '').not.toContain('evil.example');
  });
});

describe('POST /api/password-reset/complete', () => {
  it('changes the password, ends existing sessions, and the old password stops working', async () => {
    const practice = await seedPractice(server.services);
    const signedIn = server.client();
    const login = await signedIn.post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(login.status).toBe(200);
    expect((await signedIn.get('/api/session')).body.user?.email).toBe(practice.email);

    const token = await requestResetToken(practice.email);
    const newPassword = 'brand-new-secret';
    const done = await server.client().post('/api/password-reset/complete', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: passwordResetMessages.passwordChanged });

    expect((await signedIn.get('/api/session')).body.user).toBeNull();
    const oldLogin = await server.client().post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.error.message).toBe(loginErrors.invalidCredentials);
    const fresh = server.client();
    const newLogin = await fresh.post('/api/login', {
      email: practice.email,
      password: newPassword,
      audience: 'practice',
    });
    expect(newLogin.status).toBe(200);
    expect((await fresh.get('/api/session')).body.user?.email).toBe(practice.email);
  });

  it('works for a professional and the token is good for one use only', async () => {
    const pro = await seedProfessional(server.services, 'assistant');
    const token = await requestResetToken(pro.email);
    const first = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'first-new-pass',
      confirmPassword: 'first-new-pass',
    });
    expect(first.status).toBe(200);
    const reused = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'second-new-pass',
      confirmPassword: 'second-new-pass',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe(passwordResetMessages.linkInvalid);
    const login = await server.client().post('/api/login', {
      email: pro.email,
      password: 'first-new-pass',
      audience: 'professional',
    });
    expect(login.status).toBe(200);
    expect(login.body.portalPath).toBe('/dental-assistant');
  });

  it('refuses a confirmation that differs and leaves the password and token as they were', async () => {
    const practice = await seedPractice(server.services);
    const token = await requestResetToken(practice.email);
    const res = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'new-password-1',
      confirmPassword: 'new-password-2',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(fieldMessages.passwordsDoNotMatch);
    expect(res.body.error.fields).toEqual({ confirmPassword: fieldMessages.passwordsDoNotMatch });
    const stillOld = await server.client().post('/api/login', {
      email: practice.email,
      password: practice.password,
      audience: 'practice',
    });
    expect(stillOld.status).toBe(200);
    const retry = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(retry.status).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const res = await server.client().post('/api/password-reset/complete', {
      token: 'whatever',
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.password).toBe(fieldMessages.passwordTooShort);
  });

  it.each(['made-up-token', ''])('refuses the token %j with 400', async (token) => {
    const res = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'valid-pass',
      confirmPassword: 'valid-pass',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(passwordResetMessages.linkInvalid);
  });

  it('refuses a request without a token with 400', async () => {
    const res = await server.client().post('/api/password-reset/complete', {
      password: 'valid-pass',
      confirmPassword: 'valid-pass',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.token).toBe(passwordResetMessages.linkInvalid);
  });
});

describe('outstanding reset links after the password was reset or changed', () => {
  async function twoResetTokens(email: string): Promise<[string, string]> {
    for (let i = 0; i < 2; i += 1) {
      const res = await server.client().post('/api/password-reset/request', { email });
      expect(res.status).toBe(200);
    }
    const messages = await waitForMail(email, 2);
    expect(messages).toHaveLength(2);
    const tokens = await Promise.all(messages.map((m) => tokenFromLink(resetLinkIn(m))));
    expect(new Set(tokens).size).toBe(2);
    return [tokens[0]!, tokens[1]!];
  }

  const completeWith = (token: string, password: string) =>
    server
      .client()
      .post('/api/password-reset/complete', { token, password, confirmPassword: password });

  async function expectLinkRefused(email: string, token: string) {
    const res = await completeWith(token, 'sneaky-late-pass');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(passwordResetMessages.linkInvalid);
    // The e-mailed link itself now leads to the error, not to the form with a token.
    const link = await server
      .client()
      .get(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    const location = new URL(link.headers.get('location')!, server.url);
    expect(location.searchParams.get('token')).toBeNull();
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    // And the password was not set through it.
    const tried = await server
      .client()
      .post('/api/login', { email, password: 'sneaky-late-pass', audience: 'practice' });
    expect(tried.status).toBe(401);
  }

  it('refuses the other link of two once one was used, and leaves other accounts’ links alone', async () => {
    const practice = await seedPractice(server.services);
    const bystander = await seedPractice(server.services);
    const [used, other] = await twoResetTokens(practice.email);
    const bystanderToken = await requestResetToken(bystander.email);

    expect((await completeWith(used, 'first-reset-pass')).status).toBe(200);
    await expectLinkRefused(practice.email, other);
    expect(
      (
        await server.client().post('/api/login', {
          email: practice.email,
          password: 'first-reset-pass',
          audience: 'practice',
        })
      ).status,
    ).toBe(200);

    expect((await completeWith(bystanderToken, 'bystander-new-pass')).status).toBe(200);
  });

  it('refuses a link sent before the password was changed under Settings; this session stays', async () => {
    const practice = await seedPractice(server.services);
    const token = await requestResetToken(practice.email);
    const here: ApiClient = await login(server, practice.email, practice.password, 'practice');
    const elsewhere = await login(server, practice.email, practice.password, 'practice');
    const changed = await here.post('/api/account/password', {
      currentPassword: practice.password,
      password: 'changed-in-settings',
      confirmPassword: 'changed-in-settings',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    await expectLinkRefused(practice.email, token);
    // Sessions as before: the changing one stays signed in, the other was signed out.
    expect((await here.get('/api/session')).body.user?.email).toBe(practice.email);
    expect((await elsewhere.get('/api/session')).body.user).toBeNull();
    await login(server, practice.email, 'changed-in-settings', 'practice');
  });
});

describe('a password reset and the sign-in limits', () => {
  it('lets the owner sign in with the new password after guessing elsewhere reached the ceiling per account', async () => {
    const practice = await seedPractice(server.services);
    const perAddress = rateLimitRules.signInFailuresPerAccountAndAddress.max;
    const addresses = rateLimitRules.signInFailuresPerAccount.max / perAddress;
    const signInFrom = (address: string, password: string) =>
      postFromAddress(server.url, address, '/api/login', {
        email: practice.email,
        password,
        audience: 'practice',
      });
    for (let a = 0; a < addresses; a += 1) {
      const guesses = await Promise.all(
        Array.from({ length: perAddress }, (_, i) =>
          signInFrom(`127.0.3.${a + 1}`, `guess-${a}-${i}`),
        ),
      );
      expect(guesses.every((res) => res.status === 401)).toBe(true);
    }
    const owner = '127.0.4.1';
    const locked = await signInFrom(owner, practice.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe(loginErrors.tooManyRequests);

    const token = await requestResetToken(practice.email);
    const done = await server.client().post('/api/password-reset/complete', {
      token,
      password: 'after-the-storm',
      confirmPassword: 'after-the-storm',
    });
    expect(done.status).toBe(200);
    const signedIn = await signInFrom(owner, 'after-the-storm');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.portalPath).toBe('/practice-portal');
  });
});
