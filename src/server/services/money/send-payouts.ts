import { and, asc, eq, inArray } from 'drizzle-orm';
import { charges, payoutAccounts, payouts } from '../../db/schema';
import { PaymentProviderError } from '../../payments/payment-provider';
import type { Tx } from '../marketplace/db-transaction';
import { logProviderFailure } from './debit-charges';
import { postLedgerEntry } from './ledger';
import type { MoneyContext } from './money-context';
import { notifyPayoutSent } from './money-notices';

const PAYOUTS_PER_RUN = 200;

/**
 * Pays each waiting payout whose charge has settled to the professional's payout account, under
 * the payout's id as the idempotency key (a retried run gets the same transfer back). A payout of
 * a professional without a payout account waits until they link one (and, with Stripe, until
 * Stripe has what it needs to pay out to it). Returns how many were paid.
 */
export async function sendWaitingPayouts(ctx: MoneyContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ payout: payouts, account: payoutAccounts })
    .from(payouts)
    .innerJoin(charges, eq(charges.id, payouts.chargeId))
    .innerJoin(payoutAccounts, eq(payoutAccounts.professionalId, payouts.professionalId))
    .where(
      and(
        eq(payouts.status, 'waiting'),
        eq(charges.status, 'settled'),
        eq(payoutAccounts.payoutsEnabled, true),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(PAYOUTS_PER_RUN);
  let paid = 0;
  for (const { payout, account } of due) {
    const attempt = payout.attempts + 1;
    let transferId: string;
    try {
      ({ transferId } = await ctx.payments.createTransfer({
        idempotencyKey: `${payout.id}:${attempt}`,
        amountCents: payout.amountCents,
        accountId: account.providerAccountId,
        description: `ChairFill payout ${payout.id.slice(0, 8)}`,
        metadata: { payoutId: payout.id, chargeId: payout.chargeId },
      }));
    } catch (error) {
      logProviderFailure(ctx, 'transfer', error, { payoutId: payout.id });
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        await ctx.db
          .update(payouts)
          .set({
            status: 'failed',
            attempts: attempt,
            failedAt: now,
            failureReason: error.message.slice(0, 500),
          })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'waiting')));
      }
      continue;
    }
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payouts)
        .set({ status: 'paid', attempts: attempt, providerTransferId: transferId, paidAt: now })
        .where(
          and(
            eq(payouts.id, payout.id),
            eq(payouts.status, 'waiting'),
            eq(payouts.attempts, payout.attempts),
          ),
        )
        .returning();
      if (!row) return false;
      await postLedgerEntry(tx, {
        event: 'payout',
        professionalId: row.professionalId,
        chargeId: row.chargeId,
        payoutId: row.id,
        now,
        lines: [
          { account: 'professional_payable', amountCents: row.amountCents },
          { account: 'cash', amountCents: -row.amountCents },
        ],
      });
      await notifyPayoutSent(tx, ctx.env, { payout: row, now });
      return true;
    });
    if (done) paid++;
  }
  return paid;
}

/**
 * The provider took a transfer back (the professional's bank refused it): the payout is 'failed',
 * ChairFill owes the amount again, and it is sent again once the professional links a bank.
 */
export async function markTransferReversed(
  tx: Tx,
  input: { transferId: string; reason: string; now: Date },
): Promise<boolean> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'failed', failedAt: input.now, failureReason: input.reason.slice(0, 500) })
    .where(and(eq(payouts.providerTransferId, input.transferId), eq(payouts.status, 'paid')))
    .returning();
  if (!row) return false;
  await postLedgerEntry(tx, {
    event: 'payout_reversed',
    professionalId: row.professionalId,
    chargeId: row.chargeId,
    payoutId: row.id,
    now: input.now,
    lines: [
      { account: 'cash', amountCents: row.amountCents },
      { account: 'professional_payable', amountCents: -row.amountCents },
    ],
  });
  return true;
}

/** A professional linked a (new) payout bank: their failed payouts are sent again. */
export async function retryFailedPayouts(tx: Tx, professionalId: string): Promise<void> {
  await tx
    .update(payouts)
    .set({ status: 'waiting', providerTransferId: null })
    .where(and(eq(payouts.professionalId, professionalId), inArray(payouts.status, ['failed'])));
}
