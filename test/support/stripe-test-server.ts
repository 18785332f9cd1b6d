import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The only API key the server accepts (a test-mode secret key). */
export const STRIPE_TEST_SECRET_KEY = 'sk_test_chairfill_51Hx0d9Tt3stK3y';

export interface StripeTestRequest {
  method: string;
  path: string;
  /** The form fields as sent, keys as on the wire (`metadata[practiceId]`, `payment_method_types[0]`). */
  body: Record<string, string>;
  idempotencyKey?: string;
}

export interface StripeTestServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every request that reached the server, in order (rejected ones too). */
  requests: StripeTestRequest[];
  /** The next payment intent is made and refused by the bank with this code and message. */
  failNextDebitWith(code: string, message: string): void;
  /** The intent's ACH debit cleared: it becomes 'succeeded' (refundable); its event comes back. */
  settleDebit(paymentId: string): { body: string; signature: string };
  /** The platform's available balance in cents, which transfers draw on (10 000 USD at start). */
  setAvailableBalance(cents: number): void;
  /**
   * From now on, new connected accounts pay out only after their onboarding (as Stripe keeps a
   * Custom account until the person's identity details are in); `completeOnboarding` finishes it.
   */
  requireIdentity(required: boolean): void;
  /** The account's person finished Stripe's onboarding: it pays out; its event comes back. */
  completeOnboarding(accountId: string): { body: string; signature: string };
  /** An event `{ id: 'evt_...', object: 'event', type, data: { object } }` signed with webhookSecret. */
  signedEvent(type: string, object: object): { body: string; signature: string };
  close(): Promise<void>;
}

/** A parsed form value: Stripe's `a[b]` keys make objects, `a[0]` / `a[]` make arrays. */
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Params = Record<string, FormValue>;
type StripeObject = Record<string, any>;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; param?: string; message: string } & StripeObject,
  ) {
    super(error.message);
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    ...(param ? { param } : {}),
    message: `No such ${kind}: '${id}'`,
  });

const invalid = (param: string, message: string, code = 'parameter_invalid_empty') =>
  new StripeHttpError(400, { type: 'invalid_request_error', code, param, message });

/** Stripe's nested form keys (`metadata[practiceId]`, `payment_method_types[0]`) as objects and arrays. */
function parseForm(entries: Iterable<[string, string]>): Params {
  const root: Params = {};
  for (const [key, value] of entries) {
    const [head = '', ...rest] = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node: any = root;
    let name: string = head;
    for (const part of rest) {
      node[name] ??= part === '' || /^\d+$/.test(part) ? [] : {};
      node = node[name];
      name = part === '' ? String(node.length) : part;
    }
    node[name] = value;
  }
  return root;
}

const text = (params: Params, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

function required(params: Params, name: string): string {
  const value = text(params, name);
  if (!value) throw invalid(name, `Missing required param: ${name}.`, 'parameter_missing');
  return value;
}

function amountOf(params: Params): number {
  const raw = required(params, 'amount');
  if (!/^\d+$/.test(raw)) {
    throw invalid('amount', 'Invalid integer: ' + raw, 'parameter_invalid_integer');
  }
  return Number(raw);
}

const metadataOf = (params: Params): Record<string, string> =>
  (typeof params.metadata === 'object' && !Array.isArray(params.metadata)
    ? params.metadata
    : {}) as Record<string, string>;

/**
 * A real HTTP server on a loopback port that speaks Stripe's v1 wire protocol for the endpoints
 * ChairFill's Stripe adapter uses: form-encoded requests with Bearer authentication, JSON objects
 * with Stripe's id prefixes and fields, Stripe's error envelope and status codes, single-use bank
 * tokens, and idempotency keys (the same key and parameters give the stored answer again; other
 * parameters with the same key are refused).
 *
 * Where it is simpler than Stripe: a payment intent on a `ba_` bank does not ask for an ACH mandate
 * (Stripe wants one the first time a legacy bank account is used with PaymentIntents); a new
 * connected account's transfers capability is active at once, and it pays out at once unless
 * `requireIdentity(true)` (Stripe keeps it until the person's identity details are in); only the
 * refund of a succeeded intent is served.
 */
export async function startStripeTestServer(): Promise<StripeTestServer> {
  const secretKey = STRIPE_TEST_SECRET_KEY;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: StripeTestRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const usedTokens = new Set<string>();
  const idempotent = new Map<string, { fingerprint: string; status: number; json: StripeObject }>();
  let nextDebitFailure: { code: string; message: string } | null = null;
  let availableBalance = 1_000_000;
  let identityRequired = false;
  const now = () => Math.floor(Date.now() / 1000);

  function newId(prefix: string): string {
    return `${prefix}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  function find(prefix: string, kind: string, id: string, param?: string): StripeObject {
    const found = id.startsWith(prefix) ? objects.get(id) : undefined;
    if (!found) throw missing(kind, id, param);
    return found;
  }

  function save<T extends StripeObject>(object: T): T {
    objects.set(object.id, object);
    return object;
  }

  /** A Plaid processor token (`btok_...`) becomes a verified bank account; each token works once. */
  function bankAccountFrom(token: string, param: string, owner: StripeObject): StripeObject {
    if (!/^btok_[A-Za-z0-9_]+$/.test(token)) throw missing('token', token, param);
    if (usedTokens.has(token)) {
      throw invalid(
        param,
        `You cannot use a Stripe token more than once: ${token}.`,
        'token_already_used',
      );
    }
    usedTokens.add(token);
    return save({
      id: newId('ba_'),
      object: 'bank_account',
      ...(owner.object === 'customer' ? { customer: owner.id } : { account: owner.id }),
      account_holder_name: null,
      account_holder_type: 'individual',
      bank_name: 'STRIPE TEST BANK',
      country: 'US',
      currency: 'usd',
      fingerprint: createHash('sha256').update(token).digest('hex').slice(0, 16),
      last4: '6789',
      routing_number: '110000000',
      status: owner.object === 'customer' ? 'verified' : 'new',
      metadata: {},
    });
  }

  function route(method: string, path: string, params: Params): StripeObject {
    const [, version, resource, id, sub] = path.split('/');
    if (method === 'GET' && version === 'v1' && resource === 'accounts' && id && !sub) {
      return find('acct_', 'account', id);
    }
    if (method === 'POST' && version === 'v1') {
      if (resource === 'customers' && !id) {
        return save({
          id: newId('cus_'),
          object: 'customer',
          created: now(),
          default_source: null,
          description: null,
          email: text(params, 'email') ?? null,
          livemode: false,
          metadata: metadataOf(params),
          name: text(params, 'name') ?? null,
        });
      }
      if (resource === 'customers' && id && sub === 'sources') {
        const customer = find('cus_', 'customer', id);
        const bank = bankAccountFrom(required(params, 'source'), 'source', customer);
        customer.default_source ??= bank.id;
        return bank;
      }
      if (resource === 'payment_intents' && !id) return createIntent(params);
      if (resource === 'refunds' && !id) return createRefund(params);
      if (resource === 'accounts' && !id) return createAccount(params);
      if (resource === 'account_links' && !id) {
        const account = find('acct_', 'account', required(params, 'account'), 'account');
        required(params, 'return_url');
        required(params, 'refresh_url');
        return {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `http://127.0.0.1:${port}/onboarding/${account.id}`,
        };
      }
      if (resource === 'accounts' && id && sub === 'external_accounts') {
        const account = find('acct_', 'account', id);
        const bank = bankAccountFrom(
          required(params, 'external_account'),
          'external_account',
          account,
        );
        if (text(params, 'default_for_currency') === 'true') {
          for (const other of account.external_accounts.data) other.default_for_currency = false;
          bank.default_for_currency = true;
        }
        account.external_accounts.data.push(bank);
        return bank;
      }
      if (resource === 'transfers' && !id) {
        const amount = amountOf(params);
        const destination = required(params, 'destination');
        find('acct_', 'destination', destination, 'destination');
        if (required(params, 'currency') !== 'usd') {
          throw invalid('currency', 'Invalid currency.', 'parameter_invalid_string');
        }
        if (amount > availableBalance) {
          throw new StripeHttpError(400, {
            type: 'invalid_request_error',
            code: 'balance_insufficient',
            message:
              'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
          });
        }
        availableBalance -= amount;
        return save({
          id: newId('tr_'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          created: now(),
          currency: 'usd',
          description: text(params, 'description') ?? null,
          destination,
          livemode: false,
          metadata: metadataOf(params),
          reversed: false,
        });
      }
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function createIntent(params: Params): StripeObject {
    const amount = amountOf(params);
    if (amount < 50) {
      throw invalid('amount', 'Amount must be at least $0.50 usd', 'amount_too_small');
    }
    if (required(params, 'currency') !== 'usd') {
      throw invalid('currency', 'Invalid currency.', 'parameter_invalid_string');
    }
    const customerId = required(params, 'customer');
    find('cus_', 'customer', customerId, 'customer');
    const paymentMethod = required(params, 'payment_method');
    const bank = objects.get(paymentMethod);
    if (!bank || bank.object !== 'bank_account') {
      throw missing('PaymentMethod', paymentMethod, 'payment_method');
    }
    if (bank.customer !== customerId) {
      throw invalid(
        'payment_method',
        `The provided PaymentMethod ${paymentMethod} does not belong to the Customer ${customerId}.`,
        'payment_method_invalid_parameter',
      );
    }
    const types = params.payment_method_types;
    if (!Array.isArray(types) || !types.includes('us_bank_account')) {
      throw invalid(
        'payment_method_types',
        'The PaymentMethod provided is not allowed for this PaymentIntent.',
        'payment_method_invalid_parameter',
      );
    }
    const failure = nextDebitFailure;
    nextDebitFailure = null;
    const lastPaymentError = failure
      ? {
          type: 'card_error',
          code: failure.code,
          message: failure.message,
          payment_method: { id: paymentMethod, object: 'payment_method', type: 'us_bank_account' },
        }
      : null;
    const intent = save({
      id: newId('pi_'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      amount_refunded: 0,
      confirmation_method: 'automatic',
      created: now(),
      currency: 'usd',
      customer: customerId,
      description: text(params, 'description') ?? null,
      last_payment_error: lastPaymentError,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(params),
      payment_method: text(params, 'confirm') === 'true' && !failure ? paymentMethod : null,
      payment_method_types: types,
      status:
        text(params, 'confirm') !== 'true'
          ? 'requires_confirmation'
          : failure
            ? 'requires_payment_method'
            : 'processing',
    });
    if (lastPaymentError) {
      // Stripe answers a refused confirmation with 402 and the intent inside the error.
      throw new StripeHttpError(402, {
        ...lastPaymentError,
        payment_intent: intent,
      });
    }
    return intent;
  }

  function createRefund(params: Params): StripeObject {
    const intentId = required(params, 'payment_intent');
    const intent = find('pi_', 'payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw invalid(
        'payment_intent',
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    const left = intent.amount - intent.amount_refunded;
    const amount = text(params, 'amount') === undefined ? left : amountOf(params);
    if (amount > left) {
      throw invalid(
        'amount',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
      );
    }
    intent.amount_refunded += amount;
    return save({
      id: newId('re_'),
      object: 'refund',
      amount,
      created: now(),
      currency: 'usd',
      metadata: {},
      payment_intent: intentId,
      status: 'pending',
    });
  }

  function createAccount(params: Params): StripeObject {
    if (required(params, 'type') !== 'custom') {
      throw invalid('type', 'Only custom accounts are served here.', 'parameter_invalid_string');
    }
    const tos = params.tos_acceptance as Params | undefined;
    const capabilities = params.capabilities as Record<string, Params> | undefined;
    const individual = (params.individual ?? {}) as Params;
    if (!tos || !text(tos, 'date') || !text(tos, 'ip')) {
      throw invalid('tos_acceptance', 'Custom accounts need tos_acceptance[date] and [ip].');
    }
    const account = save({
      id: newId('acct_'),
      object: 'account',
      business_type: text(params, 'business_type') ?? null,
      capabilities: Object.fromEntries(
        Object.entries(capabilities ?? {})
          .filter(([, value]) => text(value, 'requested') === 'true')
          .map(([name]) => [name, 'active']),
      ),
      charges_enabled: false,
      country: text(params, 'country') ?? 'US',
      created: now(),
      default_currency: 'usd',
      email: text(params, 'email') ?? null,
      external_accounts: {
        object: 'list',
        data: [] as StripeObject[],
        has_more: false,
        url: '',
      },
      individual: {
        first_name: text(individual, 'first_name') ?? null,
        last_name: text(individual, 'last_name') ?? null,
        email: text(individual, 'email') ?? null,
      },
      metadata: metadataOf(params),
      payouts_enabled: false,
      tos_acceptance: { date: Number(text(tos, 'date')), ip: text(tos, 'ip') },
      type: 'custom',
    });
    account.external_accounts.url = `/v1/accounts/${account.id}/external_accounts`;
    const token = text(params, 'external_account');
    if (token) {
      try {
        const bank = bankAccountFrom(token, 'external_account', account);
        bank.default_for_currency = true;
        account.external_accounts.data.push(bank);
        account.payouts_enabled = !identityRequired;
      } catch (error) {
        objects.delete(account.id);
        throw error;
      }
    }
    return account;
  }

  function answer(
    request: IncomingMessage,
    rawBody: string,
  ): { status: number; json: StripeObject; replayed?: boolean } {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://stripe.test').pathname;
    const form = new URLSearchParams(rawBody);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method,
      path,
      body: Object.fromEntries(form),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    const auth = request.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return {
        status: 401,
        json: {
          error: {
            type: 'invalid_request_error',
            message: auth
              ? `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}****`
              : 'You did not provide an API key.',
          },
        },
      };
    }
    const fingerprint = `${method} ${path} ${rawBody}`;
    const stored = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return {
          status: 400,
          json: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      }
      return { status: stored.status, json: stored.json, replayed: true };
    }
    let result: { status: number; json: StripeObject };
    try {
      result = { status: 200, json: route(method, path, parseForm(form)) };
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      result = { status: error.status, json: { error: error.error } };
      // Stripe keeps no answer for a request that failed validation (400/404) before running.
      if (error.status !== 402) return result;
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, ...result });
    return result;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let result: { status: number; json: StripeObject; replayed?: boolean };
      try {
        result = answer(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = {
          status: 500,
          json: { error: { type: 'api_error', message: String(error) } },
        };
      }
      response.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        'stripe-version': Stripe.API_VERSION,
        ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(result.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function signedEvent(type: string, object: object): { body: string; signature: string } {
    const body = JSON.stringify(
      {
        id: newId('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
    });
    return { body, signature };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    failNextDebitWith(code, message) {
      nextDebitFailure = { code, message };
    },
    setAvailableBalance(cents) {
      availableBalance = cents;
    },
    settleDebit(paymentId) {
      const intent = find('pi_', 'payment_intent', paymentId);
      if (intent.status !== 'processing') {
        throw new Error(`${paymentId} is ${intent.status}, not processing`);
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return signedEvent('payment_intent.succeeded', intent);
    },
    requireIdentity(required) {
      identityRequired = required;
    },
    completeOnboarding(accountId) {
      const account = find('acct_', 'account', accountId);
      account.payouts_enabled = true;
      return signedEvent('account.updated', account);
    },
    signedEvent,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
