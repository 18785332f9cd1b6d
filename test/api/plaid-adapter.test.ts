/**
 * The Plaid adapter against Plaid's sandbox API as msw answers it in this process: the documented
 * endpoints (link/token/create, item/public_token/exchange, accounts/get,
 * processor/stripe/bank_account_token/create, item/remove) with their documented shapes and error
 * objects, recording what ChairFill sent. ChairFill runs with PLAID_CLIENT_ID/SECRET and
 * PLAID_ENV=sandbox, so its Plaid client calls https://sandbox.plaid.com as in real use; msw
 * intercepts those calls and lets every other request (the tests' own) through.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/shared/practice/billing';
import { createSecretBox } from '../../src/server/crypto/secret-box';
import { practices } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { ConfigError, loadEnv } from '../../src/server/env';
import { startTestServer, type TestServer } from '../support/test-server';

const CLIENT_ID = 'test-client-id-5f1c';
const PLAID_SECRET = 'test-plaid-secret-9d2e';
const GOOD_PUBLIC_TOKEN = 'public-sandbox-b0e2c4f4-5f4b-4d0e-9a1b-2d5a6c7e8f90';
const ACCESS_TOKEN = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const ITEM_ID = 'M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op';
const CHECKING_ID = 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp';
const SAVINGS_ID = 'dVzbVMLjrxTnLjX4G66XUp5GLklm4oiZy88yK';
const BANK_ACCOUNT_TOKEN = 'btok_5oEetfLzPklE1fwJZ7SG';

interface Recorded {
  path: string;
  headers: Record<string, string>;
  body: Record<string, any>;
}

const PLAID_SANDBOX = 'https://sandbox.plaid.com';

/** What the stand-in answers; tests change it to make Plaid fail. */
interface PlaidBehaviour {
  failWith?: { path: string; status: number; errorType: string; errorCode: string };
  institutionName?: string | null;
}

let plaid: ReturnType<typeof setupServer>;
let requests: Recorded[] = [];
let behaviour: PlaidBehaviour = {};
let server: TestServer;

const requestId = () => `req-${Math.random().toString(36).slice(2, 10)}`;

function plaidError(errorType: string, errorCode: string, message: string) {
  return {
    error_type: errorType,
    error_code: errorCode,
    error_message: message,
    display_message: null,
    request_id: requestId(),
    causes: [],
    status: 400,
    documentation_url: `https://plaid.com/docs/errors/${errorType.toLowerCase()}/#${errorCode.toLowerCase()}`,
    suggested_action: null,
  };
}

const accounts = [
  {
    account_id: CHECKING_ID,
    balances: {
      available: 100,
      current: 110,
      iso_currency_code: 'USD',
      limit: null,
      unofficial_currency_code: null,
    },
    mask: '0000',
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    subtype: 'checking',
    type: 'depository',
  },
  {
    account_id: SAVINGS_ID,
    balances: {
      available: 200,
      current: 210,
      iso_currency_code: 'USD',
      limit: null,
      unofficial_currency_code: null,
    },
    mask: '1111',
    name: 'Plaid Saving',
    official_name: 'Plaid Silver Standard 0.1% Interest Saving',
    subtype: 'savings',
    type: 'depository',
  },
];

function answer(path: string, body: Record<string, any>): { status: number; json: unknown } {
  const fail = behaviour.failWith;
  if (fail && fail.path === path) {
    return {
      status: fail.status,
      json: { ...plaidError(fail.errorType, fail.errorCode, 'failure'), status: fail.status },
    };
  }
  if (body.client_id !== CLIENT_ID || body.secret !== PLAID_SECRET) {
    return {
      status: 400,
      json: plaidError('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided'),
    };
  }
  switch (path) {
    case '/link/token/create':
      return {
        status: 200,
        json: {
          link_token: 'link-sandbox-af1a0311-da53-4636-b754-dd15cc058176',
          expiration: new Date(Date.now() + 4 * 3600_000).toISOString(),
          request_id: requestId(),
        },
      };
    case '/item/public_token/exchange':
      if (body.public_token !== GOOD_PUBLIC_TOKEN) {
        return {
          status: 400,
          json: plaidError(
            'INVALID_INPUT',
            'INVALID_PUBLIC_TOKEN',
            'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
          ),
        };
      }
      return {
        status: 200,
        json: { access_token: ACCESS_TOKEN, item_id: ITEM_ID, request_id: requestId() },
      };
    case '/accounts/get': {
      if (body.access_token !== ACCESS_TOKEN) {
        return {
          status: 400,
          json: plaidError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'invalid access token'),
        };
      }
      const ids: string[] | undefined = body.options?.account_ids;
      if (ids?.some((id) => !accounts.some((a) => a.account_id === id))) {
        return {
          status: 400,
          json: plaidError(
            'INVALID_INPUT',
            'INVALID_ACCOUNT_ID',
            'one or more of the account IDs is invalid',
          ),
        };
      }
      const institutionName =
        behaviour.institutionName === undefined ? 'First Platypus Bank' : behaviour.institutionName;
      return {
        status: 200,
        json: {
          accounts: ids ? accounts.filter((a) => ids.includes(a.account_id)) : accounts,
          item: {
            available_products: ['balance', 'identity'],
            billed_products: ['auth'],
            consent_expiration_time: null,
            error: null,
            institution_id: 'ins_109508',
            ...(institutionName === null ? {} : { institution_name: institutionName }),
            item_id: ITEM_ID,
            update_type: 'background',
            webhook: '',
          },
          request_id: requestId(),
        },
      };
    }
    case '/institutions/get_by_id':
      return {
        status: 200,
        json: {
          institution: {
            institution_id: body.institution_id,
            name: 'Tartan Bank',
            products: ['auth'],
            country_codes: ['US'],
            routing_numbers: [],
            oauth: false,
          },
          request_id: requestId(),
        },
      };
    case '/processor/stripe/bank_account_token/create':
      if (body.access_token !== ACCESS_TOKEN) {
        return {
          status: 400,
          json: plaidError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'invalid access token'),
        };
      }
      return {
        status: 200,
        json: { stripe_bank_account_token: BANK_ACCOUNT_TOKEN, request_id: requestId() },
      };
    case '/item/remove':
      return { status: 200, json: { request_id: requestId() } };
    default:
      return {
        status: 404,
        json: plaidError('INVALID_REQUEST', 'NOT_FOUND', 'unknown endpoint'),
      };
  }
}

beforeAll(async () => {
  plaid = setupServer(
    http.all(`${PLAID_SANDBOX}/*`, async ({ request }) => {
      const path = new URL(request.url).pathname;
      let body: Record<string, any> = {};
      try {
        body = JSON.parse((await request.text()) || '{}');
      } catch {
        body = {};
      }
      requests.push({ path, headers: Object.fromEntries(request.headers), body });
      const { status, json } =
        request.method === 'POST'
          ? answer(path, body)
          : { status: 405, json: plaidError('INVALID_REQUEST', 'METHOD_NOT_ALLOWED', '') };
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  plaid.listen({ onUnhandledRequest: 'bypass' });
  server = await startTestServer({
    PLAID_CLIENT_ID: CLIENT_ID,
    PLAID_SECRET,
    PLAID_ENV: 'sandbox',
  });
});

afterAll(async () => {
  await server?.stop();
  plaid?.close();
});

beforeEach(() => {
  requests = [];
  behaviour = {};
});

async function signedInPractice() {
  const practice = await seedPractice(server.services);
  const client = server.client();
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

function expectCredentials(recorded: Recorded) {
  expect(recorded.body.client_id).toBe(CLIENT_ID);
  expect(recorded.body.secret).toBe(PLAID_SECRET);
  expect(recorded.headers['content-type']).toMatch(/application\/json/);
  expect(recorded.headers['plaid-version']).toBe('2020-09-14');
}

describe('Plaid adapter through the API', () => {
  it('creates a Link token for the signed-in practice user', async () => {
    const { client, userId } = await signedInPractice();
    const billing = await client.get('/api/practice/billing');
    expect(billing.body).toEqual({ provider: 'plaid', paymentMethod: null });

    const res = await client.post('/api/practice/billing/link-token');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      provider: 'plaid',
      linkToken: 'link-sandbox-af1a0311-da53-4636-b754-dd15cc058176',
    });
    expect(requests.map((r) => r.path)).toEqual(['/link/token/create']);
    const [sent] = requests;
    expectCredentials(sent!);
    expect(sent!.body).toMatchObject({
      client_name: 'ChairFill',
      user: { client_user_id: userId },
      products: ['auth'],
      country_codes: ['US'],
      language: 'en',
    });
  });

  it('exchanges the public token, creates the Stripe bank account token and stores the method', async () => {
    const { client, userId } = await signedInPractice();
    const res = await client.post('/api/exchange-plaid-token', {
      publicToken: GOOD_PUBLIC_TOKEN,
      accountId: CHECKING_ID,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bankAccountToken: BANK_ACCOUNT_TOKEN });
    expect(JSON.stringify(res.body)).not.toContain(ACCESS_TOKEN);

    expect(requests.map((r) => r.path)).toEqual([
      '/item/public_token/exchange',
      '/accounts/get',
      '/processor/stripe/bank_account_token/create',
    ]);
    for (const recorded of requests) expectCredentials(recorded);
    expect(requests[0]!.body.public_token).toBe(GOOD_PUBLIC_TOKEN);
    expect(requests[1]!.body).toMatchObject({
      access_token: ACCESS_TOKEN,
      options: { account_ids: [CHECKING_ID] },
    });
    expect(requests[2]!.body).toMatchObject({
      access_token: ACCESS_TOKEN,
      account_id: CHECKING_ID,
    });

    const billing = await client.get('/api/practice/billing');
    expect(billing.body).toEqual({
      provider: 'plaid',
      paymentMethod: {
        type: 'bank',
        id: BANK_ACCOUNT_TOKEN,
        last4: '0000',
        bankName: 'First Platypus Bank',
        accountType: 'checking',
        updatedAt: expect.any(String),
      },
    });
    expect(JSON.stringify(billing.body)).not.toContain(ACCESS_TOKEN);

    const row = await practiceRow(userId);
    expect(row.bankItemId).toBe(ITEM_ID);
    expect(row.bankAccessTokenEncrypted).not.toBe(ACCESS_TOKEN);
    expect(row.bankAccessTokenEncrypted).not.toContain(ACCESS_TOKEN);
    expect(
      createSecretBox(server.services.env.authSecret, 'bank-access-token').open(
        row.bankAccessTokenEncrypted!,
        `practice:${row.id}`,
      ),
    ).toBe(ACCESS_TOKEN);
  });

  it("names the bank through the institution when the item has no name, and revokes the item on 'Update Payment Method'", async () => {
    behaviour.institutionName = null;
    const { client, userId } = await signedInPractice();
    const res = await client.post('/api/exchange-plaid-token', {
      publicToken: GOOD_PUBLIC_TOKEN,
      accountId: SAVINGS_ID,
    });
    expect(res.status).toBe(200);
    const institutionCall = requests.find((r) => r.path === '/institutions/get_by_id');
    expect(institutionCall?.body).toMatchObject({
      institution_id: 'ins_109508',
      country_codes: ['US'],
    });
    expect((await client.get('/api/practice/billing')).body.paymentMethod).toMatchObject({
      last4: '1111',
      bankName: 'Tartan Bank',
      accountType: 'savings',
    });

    requests = [];
    expect((await client.delete('/api/practice/billing/payment-method')).status).toBe(204);
    expect(requests.map((r) => r.path)).toEqual(['/item/remove']);
    expectCredentials(requests[0]!);
    expect(requests[0]!.body.access_token).toBe(ACCESS_TOKEN);
    expect((await client.get('/api/practice/billing')).body.paymentMethod).toBeNull();
    expect((await practiceRow(userId)).bankAccessTokenEncrypted).toBeNull();
  });

  it('answers an invalid public token with 400 and the spec message, storing nothing', async () => {
    const { client, userId } = await signedInPractice();
    const res = await client.post('/api/exchange-plaid-token', {
      publicToken: 'public-sandbox-expired-or-made-up',
      accountId: CHECKING_ID,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(billingMessages.linkFailed);
    expect(requests.map((r) => r.path)).toEqual(['/item/public_token/exchange']);
    const row = await practiceRow(userId);
    expect(row.paymentMethodId).toBeNull();
    expect(row.bankAccessTokenEncrypted).toBeNull();
  });

  it('answers an account that is not in the item with 400 and revokes the new item', async () => {
    const { client, userId } = await signedInPractice();
    const res = await client.post('/api/exchange-plaid-token', {
      publicToken: GOOD_PUBLIC_TOKEN,
      accountId: 'not-an-account-of-this-item',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(billingMessages.linkFailed);
    expect(requests.map((r) => r.path)).toEqual([
      '/item/public_token/exchange',
      '/accounts/get',
      '/item/remove',
    ]);
    expect((await practiceRow(userId)).paymentMethodId).toBeNull();
  });

  it('never turns a Plaid outage or a configuration error into a 500', async () => {
    const { client, userId } = await signedInPractice();
    const cases = [
      {
        call: () => client.post('/api/practice/billing/link-token'),
        failWith: {
          path: '/link/token/create',
          status: 400,
          errorType: 'INVALID_INPUT',
          errorCode: 'INVALID_API_KEYS',
        },
      },
      {
        call: () =>
          client.post('/api/exchange-plaid-token', {
            publicToken: GOOD_PUBLIC_TOKEN,
            accountId: CHECKING_ID,
          }),
        failWith: {
          path: '/item/public_token/exchange',
          status: 500,
          errorType: 'API_ERROR',
          errorCode: 'INTERNAL_SERVER_ERROR',
        },
      },
      {
        call: () =>
          client.post('/api/exchange-plaid-token', {
            publicToken: GOOD_PUBLIC_TOKEN,
            accountId: CHECKING_ID,
          }),
        failWith: {
          path: '/processor/stripe/bank_account_token/create',
          status: 429,
          errorType: 'RATE_LIMIT_EXCEEDED',
          errorCode: 'RATE_LIMIT',
        },
      },
    ];
    for (const { call, failWith } of cases) {
      behaviour.failWith = failWith;
      const res = await call();
      expect(res.status, failWith.path).toBe(503);
      expect(res.body.error.message).toBe(billingMessages.linkFailed);
    }
    expect((await practiceRow(userId)).paymentMethodId).toBeNull();
  });

  it('answers 503 when Plaid cannot be reached', async () => {
    const unreachable = await startTestServer({
      PLAID_CLIENT_ID: CLIENT_ID,
      PLAID_SECRET,
      PLAID_ENV: 'sandbox',
      // A port nothing listens on.
      PLAID_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const practice = await seedPractice(unreachable.services);
      const client = unreachable.client();
      await client.post('/api/login', {
        email: practice.email,
        password: practice.password,
        audience: 'practice',
      });
      const res = await client.post('/api/practice/billing/link-token');
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(billingMessages.linkFailed);
    } finally {
      await unreachable.stop();
    }
  });

  it('refuses the sandbox widget endpoint when Plaid is configured', async () => {
    const { client } = await signedInPractice();
    const res = await client.post('/api/practice/billing/sandbox/public-token', {
      bankId: 'tartan',
      accountId: 'sandbox-tartan-checking',
    });
    expect(res.status).toBe(404);
  });

  it('refuses signed-out visitors and professionals before calling Plaid', async () => {
    const hygienist = await seedProfessional(server.services, 'assistant');
    const pro = server.client();
    await pro.post('/api/login', {
      email: hygienist.email,
      password: hygienist.password,
      audience: 'professional',
    });
    for (const [client, status] of [
      [server.client(), 401],
      [pro, 403],
    ] as const) {
      expect((await client.post('/api/practice/billing/link-token')).status).toBe(status);
      expect(
        (
          await client.post('/api/exchange-plaid-token', {
            publicToken: GOOD_PUBLIC_TOKEN,
            accountId: CHECKING_ID,
          })
        ).status,
      ).toBe(status);
    }
    expect(requests).toEqual([]);
  });

  it('allows Plaid Link from cdn.plaid.com in the Content-Security-Policy', async () => {
    const res = await server.client().get('/api/ready');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.plaid\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/cdn\.plaid\.com/);
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cdn\.plaid\.com https:\/\/sandbox\.plaid\.com/,
    );
  });
});

describe('Plaid configuration', () => {
  const base = { BETTER_AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };

  function problems(source: Record<string, string>): string[] {
    try {
      loadEnv({ ...base, ...source });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return [];
  }

  it('is off without PLAID_CLIENT_ID', () => {
    expect(loadEnv(base).plaid).toBeUndefined();
    expect(loadEnv({ ...base, PLAID_CLIENT_ID: '', PLAID_SECRET: '' }).plaid).toBeUndefined();
  });

  it('reads the client id, secret, environment and API URL', () => {
    expect(
      loadEnv({
        ...base,
        PLAID_CLIENT_ID: 'id',
        PLAID_SECRET: 'secret',
        PLAID_ENV: 'production',
        PLAID_API_URL: 'https://plaid-proxy.internal/',
      }).plaid,
    ).toEqual({
      clientId: 'id',
      secret: 'secret',
      environment: 'production',
      apiUrl: 'https://plaid-proxy.internal',
    });
    expect(loadEnv({ ...base, PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's' }).plaid).toMatchObject({
      environment: 'sandbox',
      apiUrl: undefined,
    });
  });

  it('refuses a client id without a secret, and the reverse', () => {
    expect(problems({ PLAID_CLIENT_ID: 'id' })).toEqual([
      'PLAID_SECRET is required when PLAID_CLIENT_ID is set',
    ]);
    expect(problems({ PLAID_SECRET: 'secret' })).toEqual([
      'PLAID_CLIENT_ID is required when PLAID_SECRET is set',
    ]);
  });

  it('refuses an unknown environment and a malformed API URL', () => {
    expect(problems({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's', PLAID_ENV: 'staging' })).toEqual([
      'PLAID_ENV must be sandbox, development or production',
    ]);
    expect(
      problems({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's', PLAID_API_URL: 'ftp://x' }),
    ).toEqual(['PLAID_API_URL must be an http:// or https:// URL']);
  });
});
