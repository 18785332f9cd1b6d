/**
 * The Stripe payment provider against a local server that speaks Stripe's v1 wire protocol
 * (test/support/stripe-test-server.ts): form-encoded requests, Bearer keys, Stripe's objects and
 * error envelope, single-use bank tokens and idempotency keys. The adapter talks to it through the
 * real `stripe` SDK over HTTP, as it talks to api.stripe.com.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PaymentProviderError,
  type PaymentProvider,
} from '../../src/server/payments/payment-provider';
import { createStripePaymentProvider } from '../../src/server/payments/stripe-payment-provider';
import { startStripeTestServer, type StripeTestServer } from '../support/stripe-test-server';

let stripe: StripeTestServer;
let provider: PaymentProvider;
let tokenCount = 0;

/** A fresh Plaid processor token: Stripe takes each one once. */
const bankToken = () => `btok_5oEetfLzPklE1fwJZ7S${++tokenCount}`;

beforeAll(async () => {
  stripe = await startStripeTestServer();
  provider = createStripePaymentProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    apiUrl: stripe.url,
  });
});

afterAll(async () => {
  await stripe.close();
});

beforeEach(() => {
  stripe.requests.length = 0;
});

async function rejectionOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function thrownBy(run: () => unknown): PaymentProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error('expected a PaymentProviderError');
}

async function practiceBank(practiceId = 'practice-1') {
  return provider.preparePracticeBank({
    practiceId,
    name: 'Bright Smiles Dental',
    email: 'office@brightsmiles.example',
    bankAccountToken: bankToken(),
    customerId: null,
  });
}

async function processingDebit(key: string, amountCents = 18_500) {
  const bank = await practiceBank();
  const debit = await provider.createDebit({
    idempotencyKey: key,
    amountCents,
    ...bank,
    description: 'ChairFill shift 1a2b3c4d',
    metadata: { chargeId: key },
    mandate: null,
  });
  expect(debit.status).toBe('processing');
  return debit;
}

/** A closed loopback port: nothing answers there. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('Stripe payment provider: practices and debits', () => {
  it('makes a customer for the practice and attaches the linked bank as its source', async () => {
    const token = bankToken();
    const bank = await provider.preparePracticeBank({
      practiceId: 'practice-7',
      name: 'Bright Smiles Dental',
      email: 'office@brightsmiles.example',
      bankAccountToken: token,
      customerId: null,
    });
    expect(bank.customerId).toMatch(/^cus_/);
    expect(bank.paymentMethodId).toMatch(/^ba_/);
    const [customer, source] = stripe.requests;
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      body: {
        name: 'Bright Smiles Dental',
        email: 'office@brightsmiles.example',
        'metadata[practiceId]': 'practice-7',
      },
    });
    expect(source).toMatchObject({
      method: 'POST',
      path: `/v1/customers/${bank.customerId}/sources`,
      body: { source: token },
    });
    expect(stripe.requests).toHaveLength(2);

    // A newly linked bank on the same customer: no second customer.
    stripe.requests.length = 0;
    const again = await provider.preparePracticeBank({
      practiceId: 'practice-7',
      name: 'Bright Smiles Dental',
      email: 'office@brightsmiles.example',
      bankAccountToken: bankToken(),
      customerId: bank.customerId,
    });
    expect(again.customerId).toBe(bank.customerId);
    expect(again.paymentMethodId).toMatch(/^ba_/);
    expect(again.paymentMethodId).not.toBe(bank.paymentMethodId);
    expect(stripe.requests.map((r) => r.path)).toEqual([
      `/v1/customers/${bank.customerId}/sources`,
    ]);
  });

  it("refuses a bank token Stripe does not know, or one already used, as 'rejected'", async () => {
    const unknown = await rejectionOf(
      provider.preparePracticeBank({
        practiceId: 'practice-8',
        name: 'Bright Smiles Dental',
        email: 'office@brightsmiles.example',
        bankAccountToken: 'tok_not_a_bank',
        customerId: null,
      }),
    );
    expect(unknown.kind).toBe('rejected');
    expect(unknown.details).toMatchObject({ errorCode: 'resource_missing', param: 'source' });
    // Stripe quotes the token in its message; the error keeps it out of what is logged.
    expect(JSON.stringify(unknown.details)).not.toContain('tok_not_a_bank');
    expect(unknown.message).not.toContain('tok_not_a_bank');

    const token = bankToken();
    const first = await provider.preparePracticeBank({
      practiceId: 'practice-8',
      name: 'Bright Smiles Dental',
      email: 'office@brightsmiles.example',
      bankAccountToken: token,
      customerId: null,
    });
    const reused = await rejectionOf(
      provider.preparePracticeBank({
        practiceId: 'practice-8',
        name: 'Bright Smiles Dental',
        email: 'office@brightsmiles.example',
        bankAccountToken: token,
        customerId: first.customerId,
      }),
    );
    expect(reused.kind).toBe('rejected');
    expect(reused.details.errorCode).toBe('token_already_used');
  });

  it('starts an ACH debit as a confirmed off-session payment intent on the bank', async () => {
    const bank = await practiceBank();
    stripe.requests.length = 0;
    const debit = await provider.createDebit({
      idempotencyKey: 'charge-1:1',
      amountCents: 18_500,
      ...bank,
      description: 'ChairFill shift 1a2b3c4d',
      metadata: { chargeId: 'charge-1', practiceId: 'practice-1' },
      mandate: {
        acceptedAt: new Date('2026-11-20T15:00:00Z'),
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (test)',
      },
    });
    expect(debit).toEqual({ paymentId: expect.stringMatching(/^pi_/), status: 'processing' });
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: 'charge-1:1',
        body: {
          amount: '18500',
          currency: 'usd',
          customer: bank.customerId,
          payment_method: bank.paymentMethodId,
          'payment_method_types[0]': 'us_bank_account',
          confirm: 'true',
          off_session: 'true',
          description: 'ChairFill shift 1a2b3c4d',
          'metadata[chargeId]': 'charge-1',
          'metadata[practiceId]': 'practice-1',
          // The practice's debit authorization from when it linked the bank (ACH mandate).
          'mandate_data[customer_acceptance][type]': 'online',
          'mandate_data[customer_acceptance][accepted_at]': String(
            Date.parse('2026-11-20T15:00:00Z') / 1000,
          ),
          'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
          'mandate_data[customer_acceptance][online][user_agent]': 'Mozilla/5.0 (test)',
        },
      },
    ]);
  });

  it("gives a debit the bank refused at once as 'failed' with Stripe's reason", async () => {
    const bank = await practiceBank();
    stripe.failNextDebitWith(
      'bank_account_unusable',
      'The bank account provided cannot be used. Please try a different bank account.',
    );
    const debit = await provider.createDebit({
      idempotencyKey: 'charge-2:1',
      amountCents: 9_000,
      ...bank,
      description: 'ChairFill late cancellation 9f8e7d6c',
      metadata: { chargeId: 'charge-2' },
      mandate: null,
    });
    expect(debit).toEqual({
      paymentId: expect.stringMatching(/^pi_/),
      status: 'failed',
      failureReason:
        'The bank account provided cannot be used. Please try a different bank account.',
    });
  });

  it("refuses a debit Stripe will not start (a bank not on the customer, too small an amount) as 'rejected'", async () => {
    const bank = await practiceBank();
    const other = await practiceBank('practice-2');
    const foreign = await rejectionOf(
      provider.createDebit({
        idempotencyKey: 'charge-3:1',
        amountCents: 9_000,
        customerId: bank.customerId,
        paymentMethodId: other.paymentMethodId,
        description: 'ChairFill shift',
        metadata: {},
        mandate: null,
      }),
    );
    expect(foreign.kind).toBe('rejected');
    expect(foreign.message).toContain('does not belong to the Customer');

    const tiny = await rejectionOf(
      provider.createDebit({
        idempotencyKey: 'charge-4:1',
        amountCents: 10,
        ...bank,
        description: 'ChairFill shift',
        metadata: {},
        mandate: null,
      }),
    );
    expect(tiny.kind).toBe('rejected');
    expect(tiny.details).toMatchObject({ errorCode: 'amount_too_small', status: 400 });
  });

  it('repeats a debit with the same idempotency key as the same payment intent', async () => {
    const bank = await practiceBank();
    const input = {
      idempotencyKey: 'charge-5:1',
      amountCents: 12_000,
      ...bank,
      description: 'ChairFill shift 5',
      metadata: { chargeId: 'charge-5' },
      mandate: null,
    };
    stripe.requests.length = 0;
    const first = await provider.createDebit(input);
    const retried = await provider.createDebit(input);
    expect(retried).toEqual(first);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests.every((r) => r.idempotencyKey === 'charge-5:1')).toBe(true);

    // A new attempt (new key) is a new intent.
    const next = await provider.createDebit({ ...input, idempotencyKey: 'charge-5:2' });
    expect(next.paymentId).not.toBe(first.paymentId);

    // The same key with other parameters is Stripe's idempotency error: not the practice's fault.
    const misuse = await rejectionOf(provider.createDebit({ ...input, amountCents: 12_001 }));
    expect(misuse.kind).toBe('unavailable');
    expect(misuse.details.errorType).toBe('idempotency_error');
  });

  it('refunds part of a settled debit, idempotently, and refuses more than is left', async () => {
    const debit = await processingDebit('charge-6:1', 20_000);
    const early = await rejectionOf(
      provider.refundDebit({
        idempotencyKey: 'refund-6a',
        paymentId: debit.paymentId,
        amountCents: 5_000,
      }),
    );
    expect(early.kind).toBe('rejected');
    expect(early.details.errorCode).toBe('charge_not_refundable');

    stripe.settleDebit(debit.paymentId);
    stripe.requests.length = 0;
    const refund = await provider.refundDebit({
      idempotencyKey: 'refund-6b',
      paymentId: debit.paymentId,
      amountCents: 5_000,
    });
    expect(refund.refundId).toMatch(/^re_/);
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/refunds',
        idempotencyKey: 'refund-6b',
        body: { payment_intent: debit.paymentId, amount: '5000' },
      },
    ]);
    const again = await provider.refundDebit({
      idempotencyKey: 'refund-6b',
      paymentId: debit.paymentId,
      amountCents: 5_000,
    });
    expect(again).toEqual(refund);

    const tooMuch = await rejectionOf(
      provider.refundDebit({
        idempotencyKey: 'refund-6c',
        paymentId: debit.paymentId,
        amountCents: 15_001,
      }),
    );
    expect(tooMuch.kind).toBe('rejected');
    expect(tooMuch.details.errorCode).toBe('amount_too_large');
  });
});

describe('Stripe payment provider: payouts', () => {
  const professional = {
    professionalId: 'pro-1',
    email: 'dana@hygiene.example',
    firstName: 'Dana',
    lastName: 'Reyes',
    ipAddress: '203.0.113.7',
    now: new Date('2026-11-24T12:00:00Z'),
  };

  it('makes a Custom connected account with the bank, then replaces the bank on it', async () => {
    const token = bankToken();
    const { accountId } = await provider.preparePayoutAccount({
      ...professional,
      bankAccountToken: token,
      accountId: null,
    });
    expect(accountId).toMatch(/^acct_/);
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/accounts',
        idempotencyKey: expect.any(String),
        body: {
          type: 'custom',
          country: 'US',
          email: 'dana@hygiene.example',
          business_type: 'individual',
          'individual[first_name]': 'Dana',
          'individual[last_name]': 'Reyes',
          'individual[email]': 'dana@hygiene.example',
          'capabilities[transfers][requested]': 'true',
          'tos_acceptance[date]': String(Date.parse('2026-11-24T12:00:00Z') / 1000),
          'tos_acceptance[ip]': '203.0.113.7',
          external_account: token,
          'metadata[professionalId]': 'pro-1',
        },
      },
    ]);

    stripe.requests.length = 0;
    const newToken = bankToken();
    const replaced = await provider.preparePayoutAccount({
      ...professional,
      bankAccountToken: newToken,
      accountId,
    });
    // The account is read back: whether Stripe pays out to it yet.
    expect(replaced).toEqual({ accountId, payoutsEnabled: true });
    expect(stripe.requests).toMatchObject([
      {
        method: 'POST',
        path: `/v1/accounts/${accountId}/external_accounts`,
        body: { external_account: newToken, default_for_currency: 'true' },
      },
      { method: 'GET', path: `/v1/accounts/${accountId}` },
    ]);
  });

  it("refuses a payout bank for an account Stripe does not know as 'rejected'", async () => {
    const error = await rejectionOf(
      provider.preparePayoutAccount({
        ...professional,
        bankAccountToken: bankToken(),
        accountId: 'acct_gone0000000000',
      }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.details).toMatchObject({ status: 404, errorCode: 'resource_missing' });
  });

  it('transfers to the payout account, the same transfer for the same key', async () => {
    const { accountId } = await provider.preparePayoutAccount({
      ...professional,
      bankAccountToken: bankToken(),
      accountId: null,
    });
    stripe.requests.length = 0;
    const input = {
      idempotencyKey: 'payout-1',
      amountCents: 16_650,
      accountId,
      description: 'ChairFill payout',
      metadata: { payoutId: 'payout-1' },
      mandate: null,
    };
    const transfer = await provider.createTransfer(input);
    expect(transfer.transferId).toMatch(/^tr_/);
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/transfers',
        idempotencyKey: 'payout-1',
        body: {
          amount: '16650',
          currency: 'usd',
          destination: accountId,
          description: 'ChairFill payout',
          'metadata[payoutId]': 'payout-1',
        },
      },
    ]);
    expect(await provider.createTransfer(input)).toEqual(transfer);
  });

  it("is 'unavailable', not a refused payout, when the platform's balance cannot cover a transfer", async () => {
    const { accountId } = await provider.preparePayoutAccount({
      ...professional,
      bankAccountToken: bankToken(),
      accountId: null,
    });
    stripe.setAvailableBalance(10_000);
    try {
      const error = await rejectionOf(
        provider.createTransfer({
          idempotencyKey: 'payout-2',
          amountCents: 10_001,
          accountId,
          description: 'ChairFill payout',
          metadata: {},
        }),
      );
      expect(error.kind).toBe('unavailable');
      expect(error.details).toMatchObject({ status: 400, errorCode: 'balance_insufficient' });
    } finally {
      stripe.setAvailableBalance(1_000_000);
    }
  });
});

describe('Stripe payment provider: event notices', () => {
  it('maps signed events to what they mean for ChairFill', async () => {
    const debit = await processingDebit('charge-7:1');
    const settled = stripe.settleDebit(debit.paymentId);
    expect(provider.readWebhook(settled.body, settled.signature)).toEqual({
      id: JSON.parse(settled.body).id,
      type: 'debit.settled',
      paymentId: debit.paymentId,
    });
    expect(JSON.parse(settled.body).id).toMatch(/^evt_/);

    const failed = stripe.signedEvent('payment_intent.payment_failed', {
      id: 'pi_returned1',
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'insufficient_funds',
        message: 'The customer’s account has insufficient funds to cover this payment.',
      },
    });
    expect(provider.readWebhook(failed.body, failed.signature)).toEqual({
      id: JSON.parse(failed.body).id,
      type: 'debit.failed',
      paymentId: 'pi_returned1',
      failureReason: 'The customer’s account has insufficient funds to cover this payment.',
    });

    const codeOnly = stripe.signedEvent('payment_intent.payment_failed', {
      id: 'pi_returned2',
      object: 'payment_intent',
      last_payment_error: { type: 'card_error', code: 'account_closed' },
    });
    expect(provider.readWebhook(codeOnly.body, codeOnly.signature)).toMatchObject({
      type: 'debit.failed',
      failureReason: 'account_closed',
    });

    const reversed = stripe.signedEvent('transfer.reversed', {
      id: 'tr_back1',
      object: 'transfer',
      reversed: true,
    });
    expect(provider.readWebhook(reversed.body, reversed.signature)).toEqual({
      id: JSON.parse(reversed.body).id,
      type: 'transfer.reversed',
      transferId: 'tr_back1',
      failureReason: 'reversed',
    });

    const other = stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(provider.readWebhook(other.body, other.signature)).toEqual({
      id: JSON.parse(other.body).id,
      type: 'ignored',
      providerType: 'charge.refunded',
    });
  });

  it("rejects a changed body, another secret's signature and a missing signature", () => {
    const event = stripe.signedEvent('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
    });

    const tampered = event.body.replace('pi_x', 'pi_y');
    expect(thrownBy(() => provider.readWebhook(tampered, event.signature)).kind).toBe('rejected');

    const otherSecret = createStripePaymentProvider({
      secretKey: stripe.secretKey,
      webhookSecret: 'whsec_someone_else',
      apiUrl: stripe.url,
    });
    expect(thrownBy(() => otherSecret.readWebhook(event.body, event.signature)).kind).toBe(
      'rejected',
    );

    expect(thrownBy(() => provider.readWebhook(event.body, undefined)).kind).toBe('rejected');
    expect(thrownBy(() => provider.readWebhook(event.body, '')).kind).toBe('rejected');
    expect(thrownBy(() => provider.readWebhook(event.body, 't=1,v1=abc')).kind).toBe('rejected');
  });
});

describe('Stripe payment provider: when Stripe cannot be used', () => {
  it("is 'unavailable' when nothing answers at the API address", async () => {
    const port = await unusedPort();
    const offline = createStripePaymentProvider(
      {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: `http://127.0.0.1:${port}`,
      },
      { maxNetworkRetries: 0 },
    );
    const error = await rejectionOf(
      offline.createDebit({
        idempotencyKey: 'charge-9:1',
        amountCents: 5_000,
        customerId: 'cus_x',
        paymentMethodId: 'ba_x',
        description: 'ChairFill shift',
        metadata: {},
        mandate: null,
      }),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.details.errorType).toBe('StripeConnectionError');
  });

  it("is 'unavailable', not a refused bank, when Stripe refuses the API key", async () => {
    const wrongKey = createStripePaymentProvider({
      secretKey: 'sk_test_revoked',
      webhookSecret: stripe.webhookSecret,
      apiUrl: stripe.url,
    });
    const error = await rejectionOf(
      wrongKey.preparePracticeBank({
        practiceId: 'practice-9',
        name: 'Bright Smiles Dental',
        email: 'office@brightsmiles.example',
        bankAccountToken: bankToken(),
        customerId: null,
      }),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.details.status).toBe(401);
    expect(stripe.requests).toHaveLength(1);
    expect(JSON.stringify(error.details)).not.toContain('sk_test');
  });
});
