import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrors } from '../../src/shared/messages';
import { emailChangeMessages } from '../../src/shared/validation/email-change';
import { emailChangeRequests, emailOutbox, professionals, user } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import { login, signedInPractice, signedInProfessional } from '../support/professional-session';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const SUBJECT = 'Confirm your new ChairFill e-mail';
let counter = 0;
const newAddress = () => `moved-${Date.now()}-${(counter += 1)}@example.com`;

async function linkTokenSentTo(address: string): Promise<string> {
  const mails = await server.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.subject, SUBJECT)));
  expect(mails.length).toBeGreaterThan(0);
  const match = /\/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1)!.textBody);
  expect(match, mails.at(-1)!.textBody).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function accountEmails(userId: string) {
  const [account] = await server.services.db.select().from(user).where(eq(user.id, userId));
  const [pro] = await server.services.db
    .select()
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return { signIn: account!.email, notice: pro!.email };
}

const requestChange = (client: ApiClient, newEmail: string) =>
  client.post('/api/account/email/change', { newEmail });
const confirm = (client: ApiClient, token: string) =>
  client.post('/api/account/email/confirm', { token });

describe('the profile e-mail', () => {
  it('cannot be changed by a profile save: 400 with how to change it, nothing changes', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const other = await seedProfessional(server.services, 'assistant');
    const res = await pro.client.put('/api/professional/profile', {
      email: other.email,
      phone: '(973) 555-0199',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBe(emailChangeMessages.changeByLink);
    expect(await accountEmails(pro.userId)).toEqual({ signIn: pro.email, notice: pro.email });
  });
});

describe('changing the e-mail by a link sent to the new address', () => {
  it('changes nothing until the link is opened; then sign-in and notice e-mail change together', async () => {
    const pro = await signedInProfessional(server, 'front-desk');
    const target = newAddress();
    const res = await requestChange(pro.client, target.toUpperCase());
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({
      pendingEmail: target,
      message: emailChangeMessages.linkSent(target),
    });
    expect(await accountEmails(pro.userId)).toEqual({ signIn: pro.email, notice: pro.email });

    const token = await linkTokenSentTo(target);
    // Opened anywhere, signed in or not.
    const done = await confirm(server.client(), token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.email).toBe(target);
    expect(await accountEmails(pro.userId)).toEqual({ signIn: target, notice: target });
    expect((await pro.client.get('/api/professional/profile')).body.email).toBe(target);

    // Single use.
    const again = await confirm(server.client(), token);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(emailChangeMessages.linkInvalid);
  });

  it('signs in with the new address and not the old one', async () => {
    const seeded = await seedProfessional(server.services, 'hygienist');
    const client = await login(server, seeded.email, seeded.password, 'professional');
    const target = newAddress();
    expect((await requestChange(client, target)).status).toBe(202);
    expect((await confirm(client, await linkTokenSentTo(target))).status).toBe(200);
    await expect(login(server, target, seeded.password, 'professional')).resolves.toBeTruthy();
    await expect(login(server, seeded.email, seeded.password, 'professional')).rejects.toThrow();
  });

  it('refuses an address another account uses, with the spec text, and sends nothing', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const practice = await seedPractice(server.services);
    const res = await requestChange(pro.client, practice.email);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('An account with this email already exists.');
    expect(res.body.error.fields.newEmail).toBe('An account with this email already exists.');
    const mails = await server.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, practice.email), eq(emailOutbox.subject, SUBJECT)));
    expect(mails).toHaveLength(0);
  });

  it('refuses the account’s own address and a malformed one', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const same = await requestChange(pro.client, pro.email);
    expect(same.status).toBe(400);
    expect(same.body.error.fields.newEmail).toBe(emailChangeMessages.sameAddress);
    const bad = await requestChange(pro.client, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.newEmail).toBeTruthy();
  });

  it('refuses an address another account took before the link was opened', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    const target = newAddress();
    expect((await requestChange(pro.client, target)).status).toBe(202);
    const token = await linkTokenSentTo(target);
    await seedPractice(server.services, { email: target });
    const res = await confirm(server.client(), token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('An account with this email already exists.');
    expect(await accountEmails(pro.userId)).toEqual({ signIn: pro.email, notice: pro.email });
  });

  it('refuses an expired link, a replaced link and an unknown one', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const first = newAddress();
    expect((await requestChange(pro.client, first)).status).toBe(202);
    const firstToken = await linkTokenSentTo(first);
    const second = newAddress();
    expect((await requestChange(pro.client, second)).status).toBe(202);
    const secondToken = await linkTokenSentTo(second);

    const replaced = await confirm(server.client(), firstToken);
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.message).toBe(emailChangeMessages.linkInvalid);

    await server.services.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, pro.userId));
    const expired = await confirm(server.client(), secondToken);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(emailChangeMessages.linkInvalid);

    expect((await confirm(server.client(), 'no-such-token')).status).toBe(400);
    expect((await confirm(server.client(), '')).status).toBe(400);
    expect(await accountEmails(pro.userId)).toEqual({ signIn: pro.email, notice: pro.email });
  });

  it('changes a practice’s sign-in and office e-mail together', async () => {
    const practice = await signedInPractice(server);
    const target = newAddress();
    expect((await requestChange(practice.client, target)).status).toBe(202);
    expect((await practice.client.get('/api/practice')).body.email).toBe(practice.email);
    expect((await confirm(practice.client, await linkTokenSentTo(target))).status).toBe(200);
    expect((await practice.client.get('/api/practice')).body.email).toBe(target);
    const [account] = await server.services.db
      .select()
      .from(user)
      .where(eq(user.id, practice.userId));
    expect(account!.email).toBe(target);
  });

  it('answers 401 signed out and 403 to an admin', async () => {
    const signedOut = await requestChange(server.client(), newAddress());
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.message).toBe(genericErrors.unauthorized);
    const email = `admin-${Date.now()}@example.com`;
    await createAdminAccount(server.services, {
      email,
      password: 'admin-password-123',
      name: 'Dana Reyes',
    });
    const adminClient = server.client();
    await adminClient.post('/api/login', {
      email,
      password: 'admin-password-123',
      audience: 'admin',
    });
    const res = await requestChange(adminClient, newAddress());
    expect(res.status).toBe(403);
  });
});
