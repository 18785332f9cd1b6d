import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/shared/practice/billing';
import { createSandboxBankLink } from '../../src/server/bank-link/sandbox-bank-link';
import { createSecretBox } from '../../src/server/crypto/secret-box';
import { bookings, charges, practices, shifts, timesheets } from '../../src/server/db/schema';
import { submitScheduledTimesheets } from '../../src/server/services/attendance/timesheet-deadlines';
import { postShift, professionalUser } from '../support/marketplace-fixtures';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
/** Every response body the tests saw, to prove the access token never left the server. */
const seenBodies: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function recording(client: ApiClient): ApiClient {
  const wrap =
    <A extends unknown[]>(fn: (...args: A) => Promise<{ body: unknown }>) =>
    async (...args: A) => {
      const result = await fn(...args);
      seenBodies.push(JSON.stringify(result.body ?? null));
      return result as any;
    };
  return {
    ...client,
    get: wrap(client.get),
    post: wrap(client.post),
    put: wrap(client.put),
    patch: wrap(client.patch),
    delete: wrap(client.delete),
  };
}

async function signedInPractice() {
  const practice = await seedPractice(server.services);
  const client = recording(server.client());
  const res = await client.post('/api/login', {
    email: practice.email,
    password: practice.password,
    audience: 'practice',
  });
  expect(res.status).toBe(200);
  return { ...practice, client };
}

async function practiceRow(userId: string) {
  const [row] = await server.services.db
    .select()
    .from(practices)
    .where(eq(practices.userId, userId));
  return row!;
}

/** Runs the sandbox widget's calls, exactly as the browser does. */
async function linkWithSandbox(client: ApiClient, bankName: string, subtype: string) {
  const token = await client.post('/api/practice/billing/link-token');
  expect(token.status).toBe(200);
  expect(token.body.provider).toBe('sandbox');
  const bank = token.body.banks.find((b: { name: string }) => b.name === bankName);
  const account = bank.accounts.find((a: { subtype: string }) => a.subtype === subtype);
  const publicToken = await client.post('/api/practice/billing/sandbox/public-token', {
    bankId: bank.id,
    accountId: account.id,
  });
  expect(publicToken.status).toBe(200);
  expect(publicToken.body).toEqual({
    publicToken: expect.stringMatching(/^public-sandbox-/),
    accountId: account.id,
  });
  const exchanged = await client.post('/api/exchange-plaid-token', publicToken.body);
  return { exchanged, bank, account, publicToken: publicToken.body.publicToken as string };
}

const paymentColumns = (row: typeof practices.$inferSelect) => ({
  paymentMethodId: row.paymentMethodId,
  paymentMethodLast4: row.paymentMethodLast4,
  paymentMethodBankName: row.paymentMethodBankName,
  paymentMethodAccountType: row.paymentMethodAccountType,
  paymentMethodUpdatedAt: row.paymentMethodUpdatedAt,
  bankAccessTokenEncrypted: row.bankAccessTokenEncrypted,
  bankItemId: row.bankItemId,
});

describe('billing with the sandbox widget', () => {
  it('starts with no payment method and the sandbox provider', async () => {
    const { client } = await signedInPractice();
    const res = await client.get('/api/practice/billing');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'sandbox', paymentMethod: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('offers the test banks with their accounts', async () => {
    const { client } = await signedInPractice();
    const res = await client.post('/api/practice/billing/link-token');
    expect(res.status).toBe(200);
    expect(res.body.banks.map((b: { name: string }) => b.name)).toEqual([
      'First Platypus Bank',
      'Tartan Bank',
      'Houndstooth Bank',
    ]);
    expect(res.body.banks[1].accounts).toEqual([
      { id: expect.any(String), name: expect.any(String), subtype: 'checking', mask: '6789' },
      { id: expect.any(String), name: expect.any(String), subtype: 'savings', mask: '4321' },
      // Debits from this one come back unpaid, so the failure path can be tried.
      {
        id: expect.any(String),
        name: 'Tartan Low Balance Checking',
        subtype: 'checking',
        mask: '0002',
      },
    ]);
  });

  it('links an account end to end: bank account token stored and shown on the card', async () => {
    const { client, userId } = await signedInPractice();
    const { exchanged } = await linkWithSandbox(client, 'Tartan Bank', 'checking');
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toEqual({ bankAccountToken: expect.stringMatching(/^btok_sandbox_/) });

    const billing = await client.get('/api/practice/billing');
    expect(billing.body).toEqual({
      provider: 'sandbox',
      paymentMethod: {
        type: 'bank',
        id: exchanged.body.bankAccountToken,
        last4: '6789',
        bankName: 'Tartan Bank',
        accountType: 'checking',
        updatedAt: expect.any(String),
      },
    });
    expect(Date.now() - Date.parse(billing.body.paymentMethod.updatedAt)).toBeLessThan(60_000);

    // The access token is stored encrypted, bound to this practice, and never sent anywhere.
    const row = await practiceRow(userId);
    expect(row.bankItemId).toMatch(/^item-sandbox-/);
    expect(row.bankAccessTokenEncrypted).toMatch(/^v1\./);
    const accessToken = createSecretBox(server.services.env.authSecret, 'bank-access-token').open(
      row.bankAccessTokenEncrypted!,
      `practice:${row.id}`,
    );
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(row.bankAccessTokenEncrypted).not.toBe(accessToken);
    expect(row.bankAccessTokenEncrypted).not.toContain(accessToken);
    expect(seenBodies.join('\n')).not.toContain(accessToken);
    expect(seenBodies.join('\n')).not.toContain(row.bankAccessTokenEncrypted!);
    expect(seenBodies.join('\n')).not.toContain('access-sandbox-');
  });

  it("'Remove Payment Method' clears the method and access token so the connect button shows again", async () => {
    const { client, userId } = await signedInPractice();
    await linkWithSandbox(client, 'First Platypus Bank', 'savings');
    expect((await client.get('/api/practice/billing')).body.paymentMethod.last4).toBe('1111');

    const cleared = await client.delete('/api/practice/billing/payment-method');
    expect(cleared.status).toBe(204);
    expect((await client.get('/api/practice/billing')).body.paymentMethod).toBeNull();
    const row = await practiceRow(userId);
    expect(Object.values(paymentColumns(row)).every((value) => value === null)).toBe(true);

    // Clearing again is harmless.
    expect((await client.delete('/api/practice/billing/payment-method')).status).toBe(204);

    // And a new account can be linked.
    const { exchanged } = await linkWithSandbox(client, 'Houndstooth Bank', 'checking');
    expect(exchanged.status).toBe(200);
    expect((await client.get('/api/practice/billing')).body.paymentMethod).toMatchObject({
      id: exchanged.body.bankAccountToken,
      last4: '2468',
      bankName: 'Houndstooth Bank',
      accountType: 'checking',
    });
  });

  it('linking again replaces the method and the stored item', async () => {
    const { client, userId } = await signedInPractice();
    await linkWithSandbox(client, 'Tartan Bank', 'savings');
    const first = await practiceRow(userId);
    const { exchanged } = await linkWithSandbox(client, 'First Platypus Bank', 'checking');
    expect(exchanged.status).toBe(200);
    const second = await practiceRow(userId);
    expect(second.paymentMethodId).toBe(exchanged.body.bankAccountToken);
    expect(second.paymentMethodLast4).toBe('0000');
    expect(second.bankItemId).not.toBe(first.bankItemId);
    expect(second.bankAccessTokenEncrypted).not.toBe(first.bankAccessTokenEncrypted);
  });
});

describe('removing the payment method', () => {
  it('is refused while a booked shift or a charge is to come, and changes nothing', async () => {
    const owner = await signedInPractice();
    await linkWithSandbox(owner.client, 'Tartan Bank', 'checking');
    const linked = paymentColumns(await practiceRow(owner.userId));
    const pro = await professionalUser(server, { firstName: 'Remy' });
    const shiftId = await postShift(server, owner.practiceId, { bookingMode: 'instant' });
    const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const refusedAndUnchanged = async () => {
      const res = await owner.client.delete('/api/practice/billing/payment-method');
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(billingMessages.removeRefused);
      expect(paymentColumns(await practiceRow(owner.userId))).toEqual(linked);
    };
    // A booked shift still to come.
    await refusedAndUnchanged();

    // Worked and approved: the booking is completed, its charge not yet paid.
    const endsAt = new Date(Date.now() - 25 * 3_600_000);
    const startsAt = new Date(endsAt.getTime() - 8 * 3_600_000);
    await server.services.db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shiftId));
    await submitScheduledTimesheets(server.services, new Date());
    const [sheet] = await server.services.db
      .select()
      .from(timesheets)
      .where(eq(timesheets.bookingId, booked.body.id));
    const approve = await owner.client.post(`/api/practice/timesheets/${sheet!.id}/approve`);
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const [booking] = await server.services.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booked.body.id));
    expect(booking!.status).toBe('completed');
    const [charge] = await server.services.db
      .select()
      .from(charges)
      .where(eq(charges.bookingId, booked.body.id));
    expect(charge!.status).toBe('pending');
    await refusedAndUnchanged();

    // Paid: nothing is to come, so it can be removed.
    await server.services.db
      .update(charges)
      .set({ status: 'settled', settledAt: new Date() })
      .where(and(eq(charges.id, charge!.id), eq(charges.practiceId, owner.practiceId)));
    expect((await owner.client.delete('/api/practice/billing/payment-method')).status).toBe(204);
    expect((await owner.client.get('/api/practice/billing')).body.paymentMethod).toBeNull();
  });
});

describe('bad tokens', () => {
  it('answers 400 with the spec message and stores nothing', async () => {
    const { client, userId } = await signedInPractice();
    const before = paymentColumns(await practiceRow(userId));
    const token = await client.post('/api/practice/billing/link-token');
    const bank = token.body.banks[0];
    const { publicToken } = (
      await client.post('/api/practice/billing/sandbox/public-token', {
        bankId: bank.id,
        accountId: bank.accounts[0].id,
      })
    ).body;
    const otherSecret = createSandboxBankLink({
      secret: 'another-secret-another-secret-0123456789',
    });
    const foreign = await otherSecret.createSandboxPublicToken!(bank.id, bank.accounts[0].id);
    const expiredLink = createSandboxBankLink({
      secret: server.services.env.authSecret,
      now: () => Date.now() - 31 * 60_000,
    });
    const expired = await expiredLink.createSandboxPublicToken!(bank.id, bank.accounts[0].id);

    const attempts = [
      { publicToken: 'public-sandbox-not-a-real-token', accountId: bank.accounts[0].id },
      { publicToken: `${publicToken}x`, accountId: bank.accounts[0].id },
      { publicToken: foreign.publicToken, accountId: bank.accounts[0].id },
      { publicToken: expired.publicToken, accountId: bank.accounts[0].id },
      // A real token, but an account of another bank.
      { publicToken, accountId: token.body.banks[2].accounts[0].id },
      { publicToken, accountId: 'no-such-account' },
    ];
    for (const body of attempts) {
      const res = await client.post('/api/exchange-plaid-token', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(billingMessages.linkFailed);
    }
    expect(paymentColumns(await practiceRow(userId))).toEqual(before);
    expect((await client.get('/api/practice/billing')).body.paymentMethod).toBeNull();
  });

  it('keeps the current method when a later link fails', async () => {
    const { client, userId } = await signedInPractice();
    await linkWithSandbox(client, 'Tartan Bank', 'checking');
    const before = paymentColumns(await practiceRow(userId));
    const res = await client.post('/api/exchange-plaid-token', {
      publicToken: 'public-sandbox-bad',
      accountId: 'x',
    });
    expect(res.status).toBe(400);
    expect(paymentColumns(await practiceRow(userId))).toEqual(before);
  });

  it('validates the bodies', async () => {
    const { client } = await signedInPractice();
    for (const body of [
      {},
      { publicToken: '', accountId: 'a' },
      { publicToken: 'p' },
      { publicToken: 'p', accountId: 'a'.repeat(300) },
    ]) {
      const res = await client.post('/api/exchange-plaid-token', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(billingMessages.linkFailed);
    }
    const notJson = await client.raw('POST', '/api/exchange-plaid-token', 'nope', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
    const unknownBank = await client.post('/api/practice/billing/sandbox/public-token', {
      bankId: 'no-bank',
      accountId: 'x',
    });
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.body.error.message).toBe(billingMessages.linkFailed);
    const missing = await client.post('/api/practice/billing/sandbox/public-token', {});
    expect(missing.status).toBe(400);
  });
});

describe('access', () => {
  it('keeps each practice to its own record', async () => {
    const a = await signedInPractice();
    const b = await signedInPractice();
    const { exchanged } = await linkWithSandbox(a.client, 'Tartan Bank', 'checking');
    const aBefore = paymentColumns(await practiceRow(a.userId));

    // B sees only its own (empty) billing, and clearing clears only B's.
    expect((await b.client.get('/api/practice/billing')).body.paymentMethod).toBeNull();
    expect((await b.client.delete('/api/practice/billing/payment-method')).status).toBe(204);
    expect(paymentColumns(await practiceRow(a.userId))).toEqual(aBefore);

    // B linking its own account never touches A's.
    await linkWithSandbox(b.client, 'Houndstooth Bank', 'savings');
    expect(paymentColumns(await practiceRow(a.userId))).toEqual(aBefore);
    expect((await a.client.get('/api/practice/billing')).body.paymentMethod.id).toBe(
      exchanged.body.bankAccountToken,
    );
    expect((await b.client.get('/api/practice/billing')).body.paymentMethod.last4).toBe('1357');
  });

  it('refuses signed-out visitors (401) and professionals (403) and changes nothing', async () => {
    const owner = await signedInPractice();
    await linkWithSandbox(owner.client, 'Tartan Bank', 'savings');
    const before = paymentColumns(await practiceRow(owner.userId));
    const token = await owner.client.post('/api/practice/billing/link-token');
    const bank = token.body.banks[0];
    const { publicToken } = (
      await owner.client.post('/api/practice/billing/sandbox/public-token', {
        bankId: bank.id,
        accountId: bank.accounts[0].id,
      })
    ).body;

    const hygienist = await seedProfessional(server.services, 'hygienist');
    const pro = recording(server.client());
    expect(
      (
        await pro.post('/api/login', {
          email: hygienist.email,
          password: hygienist.password,
          audience: 'professional',
        })
      ).status,
    ).toBe(200);
    const anonymous = recording(server.client());

    for (const [client, status] of [
      [anonymous, 401],
      [pro, 403],
    ] as const) {
      const calls = [
        client.get('/api/practice/billing'),
        client.post('/api/practice/billing/link-token'),
        client.post('/api/practice/billing/sandbox/public-token', {
          bankId: bank.id,
          accountId: bank.accounts[0].id,
        }),
        client.post('/api/exchange-plaid-token', { publicToken, accountId: bank.accounts[0].id }),
        client.delete('/api/practice/billing/payment-method'),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(status);
        expect(JSON.stringify(res.body)).not.toContain('public-sandbox-');
      }
    }
    expect(paymentColumns(await practiceRow(owner.userId))).toEqual(before);
  });

  it('refuses a state change from another site', async () => {
    const { client, userId } = await signedInPractice();
    await linkWithSandbox(client, 'Tartan Bank', 'checking');
    const res = await client.raw('DELETE', '/api/practice/billing/payment-method', '', {
      origin: 'https://evil.example.com',
    });
    expect(res.status).toBe(403);
    expect((await practiceRow(userId)).paymentMethodId).not.toBeNull();
  });

  it('limits link attempts per practice (each may cost a provider call)', async () => {
    const { client } = await signedInPractice();
    for (let i = 0; i < 30; i += 1) {
      expect((await client.post('/api/practice/billing/link-token')).status).toBe(200);
    }
    expect((await client.post('/api/practice/billing/link-token')).status).toBe(429);
    // Another practice is not affected.
    const other = await signedInPractice();
    expect((await other.client.post('/api/practice/billing/link-token')).status).toBe(200);
  });

  it('sends no Plaid origins in the Content-Security-Policy without Plaid', async () => {
    const res = await server.client().get('/api/practice/billing');
    expect(res.headers.get('content-security-policy')).not.toContain('plaid.com');
  });
});
