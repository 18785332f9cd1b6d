import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/shared/practice/billing';
import { formatMoney } from '../../src/shared/money-format';
import { moneyMessages } from '../../src/shared/money/money-texts';
import { charges, practices, shifts, timesheets } from '../../src/server/db/schema';
import { createSandboxPaymentProvider } from '../../src/server/payments/sandbox-payment-provider';
import { applyPaymentEvent } from '../../src/server/services/money/apply-payment-event';
import {
  approveWaitingTimesheets,
  submitScheduledTimesheets,
} from '../../src/server/services/attendance/timesheet-deadlines';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  marketplaceCast,
  postShift,
  professionalUser,
  serverForFile,
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
import { readPdfText } from '../support/read-pdf-text';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * From approved hours to money: the charge on the practice's bank, the professional's payout,
 * failures that hold postings, retries that pay nobody twice, late cancellations, refunds, the
 * documents and the screens' reads, with the ledger balanced after every step.
 */

let server: TestServer;
let practice: PracticeUser;
let otherPractice: PracticeUser;
let alice: ProfessionalUser;
let bob: ProfessionalUser;
let admin: ApiClient;

const HOUR = 3_600_000;

serverForFile(async (started) => {
  server = started;
  ({ practice, otherPractice, alice, bob } = await marketplaceCast(server));
  const account = await createAdminAccount(server.services, {
    email: 'staff-money@example.com',
    password: 'staff-money-password-1',
    name: 'Robin Staff',
  });
  admin = server.client();
  const login = await admin.post('/api/login', {
    email: account.email,
    password: account.password,
    audience: 'admin',
  });
  expect(login.status).toBe(200);
  await linkSandboxBank(practice.client, 'practice', 'Platypus Checking');
  await linkSandboxBank(alice.client, 'professional', 'Tartan Savings');
});

/** A shift booked by `pro` that ended a day ago: ChairFill submits its scheduled hours. */
async function workedShift(
  options: {
    pro?: ProfessionalUser;
    payThrough?: 'chairfill' | 'practice_payroll';
    rateCents?: number;
  } = {},
) {
  const pro = options.pro ?? alice;
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  if (options.rateCents) {
    await server.services.db
      .update(shifts)
      .set({ rateCents: options.rateCents })
      .where(eq(shifts.id, shiftId));
  }
  if (options.payThrough) {
    await server.services.db
      .update(shifts)
      .set({ payThrough: options.payThrough })
      .where(eq(shifts.id, shiftId));
  }
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status).toBe(201);
  const endsAt = new Date(Date.now() - 25 * HOUR);
  const startsAt = new Date(endsAt.getTime() - 8 * HOUR);
  await server.services.db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shiftId));
  await submitScheduledTimesheets(server.services, new Date());
  const [sheet] = await server.services.db
    .select()
    .from(timesheets)
    .where(eq(timesheets.bookingId, booked.body.id));
  return { shiftId, bookingId: booked.body.id as string, timesheet: sheet! };
}

async function approved(options: Parameters<typeof workedShift>[0] = {}) {
  const worked = await workedShift(options);
  const res = await practice.client.post(`/api/practice/timesheets/${worked.timesheet.id}/approve`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [charge] = await chargesOfBooking(server, worked.bookingId);
  return { ...worked, charge: charge! };
}

describe('charging approved hours', () => {
  it('charges the hours at the rate plus the fee, settles, pays the professional once, balanced throughout', async () => {
    const { charge, timesheet } = await approved();
    // 8 hours less the 30-minute break at the shift's rate; the fee is 15% of it.
    expect(charge.minutes).toBe(timesheet.workedMinutes);
    expect(charge.shiftAmountCents).toBe(timesheet.amountCents);
    expect(charge.payoutAmountCents).toBe(timesheet.amountCents);
    expect(charge.feeBasisPoints).toBe(1500);
    expect(charge.feeCents).toBe(Math.floor((timesheet.amountCents * 1500 + 5000) / 10000));
    expect(charge.totalCents).toBe(charge.payoutAmountCents + charge.feeCents);
    expect(charge.status).toBe('pending');
    expect(await chargeBalances(server, charge.id)).toEqual({
      practice_receivable: charge.totalCents,
      professional_payable: -charge.payoutAmountCents,
      platform_revenue: -charge.feeCents,
    });
    await expectBalancedLedger(server);

    const run = await runPayments(server);
    expect(run.debits).toBeGreaterThanOrEqual(1);
    const [after] = await chargesOfBooking(server, charge.bookingId);
    expect(after!.status).toBe('settled');
    const [payout] = await payoutsOfCharge(server, charge.id);
    expect(payout).toMatchObject({ status: 'paid', amountCents: charge.payoutAmountCents });
    // What is left: ChairFill's fee in revenue and as cash; nobody owes anybody.
    expect(await chargeBalances(server, charge.id)).toEqual({
      platform_revenue: -charge.feeCents,
      cash: charge.feeCents,
    });
    await expectBalancedLedger(server);

    // Running again (a retried job) debits and pays nothing more.
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toHaveLength(1);
    expect(await chargeBalances(server, charge.id)).toEqual({
      platform_revenue: -charge.feeCents,
      cash: charge.feeCents,
    });

    // The practice sees it on Billing; the professional on Earnings as paid.
    const money = await practice.client.get('/api/practice/billing/money');
    expect(money.status).toBe(200);
    expect(money.body.charges.find((c: { id: string }) => c.id === charge.id)).toMatchObject({
      status: 'settled',
      professionalName: 'Alice Moreno',
      payoutStatus: 'paid',
    });
    const earnings = await alice.client.get('/api/professional/earnings');
    expect(earnings.status).toBe(200);
    expect(
      earnings.body.earnings.find((e: { bookingId: string }) => e.bookingId === charge.bookingId),
    ).toMatchObject({ status: 'paid', amountCents: charge.payoutAmountCents });
  });

  it('a replayed provider event changes nothing', async () => {
    const { charge } = await approved();
    await runPayments(server);
    const [settled] = await chargesOfBooking(server, charge.bookingId);
    const before = await chargeBalances(server, charge.id);
    const event = {
      id: `evt_sandbox_${settled!.providerPaymentId}`,
      type: 'debit.settled' as const,
      paymentId: settled!.providerPaymentId!,
    };
    expect(await applyPaymentEvent(server.services, event, event)).toBe('duplicate');
    expect(await applyPaymentEvent(server.services, { ...event, id: 'evt_other' }, event)).toBe(
      'no_change',
    );
    expect(await chargeBalances(server, charge.id)).toEqual(before);
    await expectBalancedLedger(server);
  });

  it('practice payroll (W-2): only the fee is charged and nothing is paid out', async () => {
    const { charge } = await approved({ payThrough: 'practice_payroll' });
    expect(charge.payoutAmountCents).toBe(0);
    expect(charge.totalCents).toBe(charge.feeCents);
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toHaveLength(0);
    const earnings = await alice.client.get('/api/professional/earnings');
    expect(
      earnings.body.earnings.find((e: { bookingId: string }) => e.bookingId === charge.bookingId),
    ).toMatchObject({ status: 'payroll', amountCents: charge.shiftAmountCents });
    await expectBalancedLedger(server);
  });

  it('the practice approving while the approval job runs makes one charge', async () => {
    const worked = await workedShift();
    await server.services.db
      .update(timesheets)
      .set({ submittedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(timesheets.id, worked.timesheet.id));
    await Promise.all([
      practice.client.post(`/api/practice/timesheets/${worked.timesheet.id}/approve`),
      approveWaitingTimesheets(server.services, new Date()),
    ]);
    expect(await chargesOfBooking(server, worked.bookingId)).toHaveLength(1);
    await expectBalancedLedger(server);
  });

  it('a professional without a payout account is paid once they link one', async () => {
    const { charge } = await approved({ pro: bob });
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'waiting' }]);
    await linkSandboxBank(bob.client, 'professional', 'Platypus Checking');
    const account = await bob.client.get('/api/professional/payout-account');
    expect(account.body.account).toMatchObject({ bankName: 'First Platypus Bank', last4: '0000' });
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'paid' }]);
    await expectBalancedLedger(server);
  });
});

describe('a debit that fails', () => {
  it('marks the charge failed, holds postings and tells the practice; a new bank pays it, the professional once', async () => {
    await linkSandboxBank(practice.client, 'practice', 'Tartan Low Balance Checking');
    const { charge } = await approved();
    // The run says what happened: the debit started and came back; nothing settled.
    expect(await runPayments(server)).toMatchObject({ debits: 1, settled: 0, failed: 1 });
    const [failed] = await chargesOfBooking(server, charge.bookingId);
    expect(failed!.status).toBe('failed');
    expect(failed!.failureReason).toMatch(/insufficient funds/);
    expect(await payoutsOfCharge(server, charge.id)).toHaveLength(0);
    // The practice still owes it.
    expect((await chargeBalances(server, charge.id)).practice_receivable).toBe(charge.totalCents);
    await expectBalancedLedger(server);

    const money = await practice.client.get('/api/practice/billing/money');
    expect(money.body.paymentFailed).toBe(true);
    const bell = await practice.client.get('/api/notifications');
    expect(
      bell.body.notifications.some(
        (n: { kind: string; title: string }) =>
          n.kind === 'payment_update' && n.title.includes('did not go through'),
      ),
    ).toBe(true);
    const blocked = await practice.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: [new Date(Date.now() + 5 * 24 * HOUR).toISOString().slice(0, 10)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '50',
      locationId: (await practice.client.get('/api/practice/locations')).body.locations[0].id,
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toBe(billingMessages.postingBlocked);

    await linkSandboxBank(practice.client, 'practice', 'Platypus Checking');
    const [practiceRow] = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.id, practice.practiceId));
    expect(practiceRow!.paymentFailedAt).toBeNull();
    expect(await runPayments(server)).toMatchObject({ debits: 1, settled: 1, failed: 0 });
    const [paid] = await chargesOfBooking(server, charge.bookingId);
    expect(paid!.status).toBe('settled');
    expect(paid!.attempts).toBe(2);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'paid' }]);
    await expectBalancedLedger(server);
  });

  it('a debit that comes back after it settled: the money leaves cash, the payout is not taken back or repeated', async () => {
    const { charge } = await approved();
    await runPayments(server);
    const [settled] = await chargesOfBooking(server, charge.bookingId);
    expect(settled!.status).toBe('settled');
    const returned = {
      id: `evt_return_${charge.id}`,
      type: 'debit.failed' as const,
      paymentId: settled!.providerPaymentId!,
      failureReason: 'The bank returned the debit.',
    };
    expect(await applyPaymentEvent(server.services, returned, returned)).toBe('applied');
    expect(await chargeBalances(server, charge.id)).toEqual({
      practice_receivable: charge.totalCents,
      platform_revenue: -charge.feeCents,
      cash: charge.feeCents - charge.totalCents,
    });
    await expectBalancedLedger(server);
    await linkSandboxBank(practice.client, 'practice', 'Platypus Checking');
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toHaveLength(1);
    expect(await chargeBalances(server, charge.id)).toEqual({
      platform_revenue: -charge.feeCents,
      cash: charge.feeCents,
    });
  });
});

describe('late cancellation', () => {
  it('cancelling a booked shift less than 24 hours ahead charges 4 hours at its rate for the professional', async () => {
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const booked = await alice.client.post(`/api/professional/shifts/${shiftId}/book`);
    const startsAt = new Date(Date.now() + 10 * HOUR);
    await server.services.db
      .update(shifts)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 8 * HOUR) })
      .where(eq(shifts.id, shiftId));
    const cancelled = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'The office is closed for a repair.',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [charge] = await chargesOfBooking(server, booked.body.id);
    const [shift] = await server.services.db.select().from(shifts).where(eq(shifts.id, shiftId));
    expect(charge).toMatchObject({
      kind: 'late_cancellation',
      minutes: 240,
      shiftAmountCents: shift!.rateCents * 4,
      payoutAmountCents: shift!.rateCents * 4,
    });
    await expectBalancedLedger(server);
  });

  it('cancelling 24 hours or more ahead charges nothing', async () => {
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const booked = await alice.client.post(`/api/professional/shifts/${shiftId}/book`);
    const startsAt = new Date(Date.now() + 25 * HOUR);
    await server.services.db
      .update(shifts)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 8 * HOUR) })
      .where(eq(shifts.id, shiftId));
    const cancelled = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'Plans changed.',
    });
    expect(cancelled.status).toBe(200);
    expect(await chargesOfBooking(server, booked.body.id)).toHaveLength(0);
  });
});

describe('refunds, documents and who may see what', () => {
  it('an admin refunds a paid charge: the fee only once the professional was paid; twice is refused', async () => {
    const { charge } = await approved();
    await runPayments(server);
    const res = await admin.post(`/api/admin/charges/${charge.id}/refund`, {
      note: 'Goodwill after a billing question.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'refunded', refundedCents: charge.feeCents });
    expect(await chargeBalances(server, charge.id)).toEqual({});
    const again = await admin.post(`/api/admin/charges/${charge.id}/refund`, { note: 'Again.' });
    expect(again.status).toBe(409);
    const empty = await admin.post(`/api/admin/charges/${charge.id}/refund`, { note: ' ' });
    expect(empty.status).toBe(400);
    await expectBalancedLedger(server);
    const consoleView = await admin.get('/api/admin/money?search=Alice');
    expect(consoleView.status).toBe(200);
    expect(consoleView.body.ledgerTotal).toBe(0);
    expect(consoleView.body.charges.some((c: { id: string }) => c.id === charge.id)).toBe(true);
  });

  it('a refund before the payout gives everything back and cancels the payout', async () => {
    // Carol has no payout account yet, so her payout waits when the charge settles.
    const carol = await professionalUser(server, { firstName: 'Carol', lastName: 'Diaz' });
    const { charge } = await approved({ pro: carol });
    await runPayments(server);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'waiting' }]);
    const res = await admin.post(`/api/admin/charges/${charge.id}/refund`, { note: 'Refund.' });
    expect(res.body.refundedCents).toBe(charge.totalCents);
    expect(await payoutsOfCharge(server, charge.id)).toMatchObject([{ status: 'cancelled' }]);
    await expectBalancedLedger(server);
  });

  it('invoices and receipts are PDFs of the practice’s own charges only', async () => {
    const { charge } = await approved();
    const receipt = await practice.client.download(
      `/api/practice/billing/charges/${charge.id}/receipt`,
    );
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const text = await readPdfText(receipt.bytes);
    expect(text.lines.join('\n')).toContain('Alice Moreno');
    expect(text.lines.join('\n')).toContain(formatMoney(charge.totalCents));
    const foreign = await otherPractice.client.download(
      `/api/practice/billing/charges/${charge.id}/receipt`,
    );
    expect(foreign.status).toBe(404);
    const notYours = await otherPractice.client.get('/api/practice/billing/money');
    expect(notYours.body.charges).toEqual([]);
    const professional = await alice.client.download(
      `/api/practice/billing/charges/${charge.id}/receipt`,
    );
    expect(professional.status).toBe(403);
  });

  it('a receipt gives its time in New Jersey’s zone, not the server’s', async () => {
    const { charge } = await approved();
    // 23:29 UTC on a November day is 6:29 PM in New Jersey (EST, UTC-5).
    await server.services.db
      .update(charges)
      .set({ status: 'settled', settledAt: new Date('2026-11-27T23:29:00Z') })
      .where(eq(charges.id, charge.id));
    const receipt = await practice.client.download(
      `/api/practice/billing/charges/${charge.id}/receipt`,
    );
    expect(receipt.status).toBe(200);
    const text = (await readPdfText(receipt.bytes)).lines.join('\n');
    expect(text).toContain('Fri, Nov 27, 2026 at 6:29 PM');
    expect(text).not.toContain('11:29 PM');
  });

  it('documents are drawn on request within a bound per practice (429 after it, nothing else changes)', async () => {
    const { charge } = await approved();
    const { db } = server.services;
    // As if the practice had already downloaded its bound of documents in these ten minutes.
    await db.execute(
      sql`insert into rate_limits (key, window_started_at, count) values (${`money-documents:user:${practice.userId}`}, now(), 120)
        on conflict (key) do update set count = 120, window_started_at = now()`,
    );
    const refused = await practice.client.download(
      `/api/practice/billing/charges/${charge.id}/receipt`,
    );
    expect(refused.status).toBe(429);
    await db.execute(
      sql`delete from rate_limits where key = ${`money-documents:user:${practice.userId}`}`,
    );
  });

  it('earnings as CSV: one row per shift and the year’s total, formulas neutralised', async () => {
    const csv = await alice.client.download('/api/professional/earnings/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder().decode(csv.bytes);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Practice","Position","Type","Hours","Rate","Amount","Status","Paid on"',
    );
    const { year } = (await alice.client.get('/api/professional/earnings')).body;
    expect(lines.at(-4)).toContain(`"${moneyMessages.earningsYearTotal(year)}"`);
    expect(lines.length).toBeGreaterThan(2);
    const bad = await alice.client.get('/api/professional/earnings?year=abc');
    expect(bad.status).toBe(400);
  });

  it('earnings: the year’s total is the sum of its rows, split into earned and not yet approved (pending, disputed); $1,000 and more with a separator', async () => {
    const big = await approved({ rateCents: 15_000 });
    expect(big.charge.shiftAmountCents).toBeGreaterThanOrEqual(100_000);
    const pending = await workedShift();
    const disputed = await workedShift();
    const dispute = await practice.client.post(
      `/api/practice/timesheets/${disputed.timesheet.id}/dispute`,
      { reason: 'Left an hour early.' },
    );
    expect(dispute.status).toBe(200);

    const res = await alice.client.get('/api/professional/earnings');
    expect(res.status).toBe(200);
    const rows = res.body.earnings as { bookingId: string; status: string; amountCents: number }[];
    const byBooking = (id: string) => rows.find((e) => e.bookingId === id)!;
    expect(byBooking(pending.bookingId).status).toBe('pending');
    expect(byBooking(disputed.bookingId).status).toBe('disputed');
    const sum = (list: typeof rows) => list.reduce((total, e) => total + e.amountCents, 0);
    const waiting = rows.filter((e) => e.status === 'pending' || e.status === 'disputed');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(res.body.totalCents).toBe(sum(rows));
    expect(res.body.waitingCents).toBe(sum(waiting));
    expect(res.body.earnedCents).toBe(sum(rows) - sum(waiting));
    expect(res.body.paidCents).toBe(sum(rows.filter((e) => e.status === 'paid')));

    const csv = await alice.client.download('/api/professional/earnings/csv');
    const lines = new TextDecoder().decode(csv.bytes).trim().split('\r\n');
    const year = res.body.year as number;
    expect(lines.slice(-4)).toEqual([
      `"","","","","","${moneyMessages.earningsYearTotal(year)}","${formatMoney(sum(rows))}","",""`,
      `"","","","","","${moneyMessages.earningsEarnedTotal}","${formatMoney(res.body.earnedCents)}","",""`,
      `"","","","","","${moneyMessages.earningsWaitingTotal}","${formatMoney(sum(waiting))}","",""`,
      `"","","","","","${moneyMessages.earningsPaidTotal}","${formatMoney(res.body.paidCents)}","",""`,
    ]);
    // The shift rows add up to the total row, as shown; the big shift's amount has its separator.
    const amounts = lines.slice(1, -4).map((line) => line.split('","')[6]!);
    const cents = amounts.map((text) => Math.round(Number(text.replace(/[$,]/g, '')) * 100));
    expect(cents.reduce((a, b) => a + b, 0)).toBe(sum(rows));
    expect(amounts).toContain(formatMoney(big.charge.shiftAmountCents));
    expect(formatMoney(big.charge.shiftAmountCents)).toMatch(/^\$1,\d{3}\.\d{2}$/);
    expect(lines.some((line) => line.includes('"Disputed"'))).toBe(true);
  });

  it('the sandbox provider gives the same debit for the same key', async () => {
    const provider = createSandboxPaymentProvider();
    const input = {
      idempotencyKey: 'charge-1:1',
      amountCents: 100,
      customerId: 'cus_sandbox_x',
      paymentMethodId: 'ba_sandbox_abc_0000',
      description: 'x',
      metadata: {},
      mandate: null,
    };
    expect((await provider.createDebit(input)).paymentId).toBe(
      (await provider.createDebit(input)).paymentId,
    );
  });
});
