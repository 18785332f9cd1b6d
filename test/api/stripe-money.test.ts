import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts, shifts, timesheets } from '../../src/server/db/schema';
import { submitScheduledTimesheets } from '../../src/server/services/attendance/timesheet-deadlines';
import {
  marketplaceCast,
  postShift,
  professionalUser,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import {
  chargeBalances,
  chargesOfBooking,
  expectBalancedLedger,
  linkSandboxBank,
  payoutsOfCharge,
  runPayments,
} from '../support/money-fixtures';
import { startStripeTestServer, type StripeTestServer } from '../support/stripe-test-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The same money flow with the Stripe adapter against a local server speaking Stripe's protocol:
 * the debit is a PaymentIntent, its settlement arrives as a signed webhook (a replay changes
 * nothing, a forged one is refused), and the payout is a transfer to the connected account.
 */

let stripe: StripeTestServer;
let server: TestServer;
let practice: PracticeUser;
let alice: ProfessionalUser;
const HOUR = 3_600_000;

beforeAll(async () => {
  stripe = await startStripeTestServer();
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  ({ practice, alice } = await marketplaceCast(server));
  await linkSandboxBank(practice.client, 'practice', 'Platypus Checking');
  await linkSandboxBank(alice.client, 'professional', 'Tartan Savings');
});

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function approvedCharge(pro: ProfessionalUser = alice) {
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status).toBe(201);
  const endsAt = new Date(Date.now() - 25 * HOUR);
  await server.services.db
    .update(shifts)
    .set({ startsAt: new Date(endsAt.getTime() - 8 * HOUR), endsAt })
    .where(eq(shifts.id, shiftId));
  await submitScheduledTimesheets(server.services, new Date());
  const [sheet] = await server.services.db
    .select()
    .from(timesheets)
    .where(eq(timesheets.bookingId, booked.body.id));
  const approved = await practice.client.post(`/api/practice/timesheets/${sheet!.id}/approve`);
  expect(approved.status).toBe(200);
  const [charge] = await chargesOfBooking(server, booked.body.id);
  return charge!;
}

async function postWebhook(body: string, signature: string | undefined) {
  return server
    .client()
    .raw(
      'POST',
      '/api/payments/webhook',
      body,
      signature
        ? { 'content-type': 'application/json', 'stripe-signature': signature }
        : { 'content-type': 'application/json' },
    );
}

describe('money through Stripe', () => {
  it('debits with a PaymentIntent, settles by signed webhook once, pays by transfer', async () => {
    expect(server.services.payments.name).toBe('stripe');
    const charge = await approvedCharge();
    await runPayments(server);
    const [processing] = await chargesOfBooking(server, charge.bookingId);
    expect(processing!.status).toBe('processing');
    expect(processing!.providerPaymentId).toMatch(/^pi_/);
    const intent = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(intent?.body.amount).toBe(String(charge.totalCents));
    expect(intent?.idempotencyKey).toBe(`${charge.id}:1`);
    // The debit carries the authorization the practice gave when it linked the bank.
    expect(intent?.body['mandate_data[customer_acceptance][type]']).toBe('online');
    expect(intent?.body['mandate_data[customer_acceptance][online][ip_address]']).toBeTruthy();

    // A forged notice, or one without a signature, is refused and changes nothing.
    const event = stripe.settleDebit(processing!.providerPaymentId!);
    const forged = await postWebhook(
      event.body.replace('succeeded', 'succeeded '),
      event.signature,
    );
    expect(forged.status).toBe(400);
    expect((await postWebhook(event.body, undefined)).status).toBe(400);
    expect((await chargesOfBooking(server, charge.bookingId))[0]!.status).toBe('processing');

    const settled = await postWebhook(event.body, event.signature);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toEqual({ received: true, outcome: 'applied' });
    const replayed = await postWebhook(event.body, event.signature);
    expect(replayed.body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await chargesOfBooking(server, charge.bookingId))[0]!.status).toBe('settled');

    await runPayments(server);
    await runPayments(server);
    const payouts = await payoutsOfCharge(server, charge.id);
    expect(payouts).toMatchObject([{ status: 'paid', amountCents: charge.payoutAmountCents }]);
    expect(payouts[0]!.providerTransferId).toMatch(/^tr_/);
    expect(stripe.requests.filter((r) => r.path === '/v1/transfers')).toHaveLength(1);
    expect(await chargeBalances(server, charge.id)).toEqual({
      platform_revenue: -charge.feeCents,
      cash: charge.feeCents,
    });
    await expectBalancedLedger(server);
  });

  it('a payout account Stripe must still verify: the pay waits, onboarding at Stripe, then paid', async () => {
    const ben = await professionalUser(server, { firstName: 'Ben', lastName: 'Verify' });
    stripe.requireIdentity(true);
    await linkSandboxBank(ben.client, 'professional', 'Tartan Savings');
    stripe.requireIdentity(false);
    const account = await ben.client.get('/api/professional/payout-account');
    expect(account.body.account).toMatchObject({ payoutsEnabled: false });
    const link = await ben.client.post('/api/professional/payout-account/onboarding-link');
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.url).toMatch(/\/onboarding\/acct_/);
    const linkRequest = stripe.requests.findLast((r) => r.path === '/v1/account_links');
    expect(linkRequest?.body.type).toBe('account_onboarding');
    expect(linkRequest?.body.return_url).toMatch(/\/hygienist-portal\/settings$/);

    const charge = await approvedCharge(ben);
    await runPayments(server);
    const [processing] = await chargesOfBooking(server, charge.bookingId);
    const settle = stripe.settleDebit(processing!.providerPaymentId!);
    expect((await postWebhook(settle.body, settle.signature)).status).toBe(200);
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'waiting' }]);

    const created = (link.body.url as string).split('/').at(-1)!;
    const [stored] = await server.services.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.providerAccountId, created));
    expect(stored).toMatchObject({ payoutsEnabled: false });
    const ready = stripe.completeOnboarding(created);
    expect((await postWebhook(ready.body, ready.signature)).body).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect((await ben.client.get('/api/professional/payout-account')).body.account).toMatchObject({
      payoutsEnabled: true,
    });
    expect((await ben.client.post('/api/professional/payout-account/onboarding-link')).status).toBe(
      409,
    );
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'paid' }]);
    await expectBalancedLedger(server);
  });

  it('a debit the bank refuses at once fails the charge and holds postings', async () => {
    const charge = await approvedCharge();
    stripe.failNextDebitWith('insufficient_funds', 'The bank account has insufficient funds.');
    await runPayments(server);
    const [failed] = await chargesOfBooking(server, charge.bookingId);
    expect(failed!.status).toBe('failed');
    expect(failed!.failureReason).toContain('insufficient funds');
    expect((await practice.client.get('/api/practice/billing/money')).body.paymentFailed).toBe(
      true,
    );
    await expectBalancedLedger(server);
  });
});
