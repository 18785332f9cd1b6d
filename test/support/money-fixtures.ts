import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { charges, ledgerLines, payouts } from '../../src/server/db/schema';
import { paymentsJob } from '../../src/server/jobs/payments-job';
import type { ApiClient, TestServer } from './test-server';

/** Links a sandbox bank through the widget's calls: the practice's payment method or a payout bank. */
export async function linkSandboxBank(
  client: ApiClient,
  side: 'practice' | 'professional',
  accountName: string,
) {
  const base = side === 'practice' ? '/api/practice/billing' : '/api/professional/payout-account';
  const token = await client.post(`${base}/link-token`);
  expect(token.status).toBe(200);
  const bank = token.body.banks.find((b: { accounts: { name: string }[] }) =>
    b.accounts.some((a) => a.name === accountName),
  );
  const account = bank.accounts.find((a: { name: string }) => a.name === accountName);
  const publicToken = await client.post(`${base}/sandbox/public-token`, {
    bankId: bank.id,
    accountId: account.id,
  });
  expect(publicToken.status).toBe(200);
  const linked =
    side === 'practice'
      ? await client.post('/api/exchange-plaid-token', publicToken.body)
      : await client.post('/api/professional/payout-account', publicToken.body);
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return linked.body;
}

/** One pass of the payments job (debits, the sandbox's settlements, payouts). */
export async function runPayments(server: TestServer, now = new Date()) {
  const { db, env, logger, payments, clock } = server.services;
  return paymentsJob.run({ db, env, logger, payments, clock }, now);
}

/** Every account's balance, and the checks that every entry and the whole ledger sum to zero. */
export async function expectBalancedLedger(server: TestServer) {
  const lines = await server.services.db.select().from(ledgerLines);
  const byEntry = new Map<string, number>();
  for (const line of lines)
    byEntry.set(line.entryId, (byEntry.get(line.entryId) ?? 0) + line.amountCents);
  for (const [entry, sum] of byEntry) expect(sum, `entry ${entry} balances`).toBe(0);
  const balances: Record<string, number> = {};
  for (const line of lines)
    balances[line.account] = (balances[line.account] ?? 0) + line.amountCents;
  expect(Object.values(balances).reduce((a, b) => a + b, 0)).toBe(0);
  return balances;
}

/** The ledger lines of one charge, summed per account. */
export async function chargeBalances(server: TestServer, chargeId: string) {
  const lines = await server.services.db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.chargeId, chargeId));
  const balances: Record<string, number> = {};
  for (const line of lines)
    balances[line.account] = (balances[line.account] ?? 0) + line.amountCents;
  for (const key of Object.keys(balances)) if (balances[key] === 0) delete balances[key];
  return balances;
}

export async function chargesOfBooking(server: TestServer, bookingId: string) {
  return server.services.db.select().from(charges).where(eq(charges.bookingId, bookingId));
}

export async function payoutsOfCharge(server: TestServer, chargeId: string) {
  return server.services.db.select().from(payouts).where(eq(payouts.chargeId, chargeId));
}
