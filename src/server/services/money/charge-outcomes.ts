import { and, eq, inArray, sql } from 'drizzle-orm';
import { charges, payouts, practices } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import { notifyPaymentFailed } from './money-notices';
import type { MoneyContext } from './money-context';
import { postLedgerEntry } from './ledger';

/**
 * A debit reached ChairFill: the money is held (cash) and the practice owes nothing more for the
 * charge; the professional's payout is created (once per charge: a retried debit that settles
 * again does not pay twice). Only a 'processing' charge settles; returns whether this one did.
 */
export async function markChargeSettled(
  tx: Tx,
  input: { chargeId: string; now: Date },
): Promise<boolean> {
  const [charge] = await tx
    .update(charges)
    .set({ status: 'settled', settledAt: input.now, failureReason: '' })
    .where(and(eq(charges.id, input.chargeId), eq(charges.status, 'processing')))
    .returning();
  if (!charge) return false;
  await postLedgerEntry(tx, {
    event: 'settle',
    practiceId: charge.practiceId,
    chargeId: charge.id,
    now: input.now,
    lines: [
      { account: 'cash', amountCents: charge.totalCents },
      { account: 'practice_receivable', amountCents: -charge.totalCents },
    ],
  });
  if (charge.payoutAmountCents > 0) {
    await tx
      .insert(payouts)
      .values({
        chargeId: charge.id,
        professionalId: charge.professionalId,
        amountCents: charge.payoutAmountCents,
        createdAt: input.now,
      })
      .onConflictDoNothing({ target: payouts.chargeId });
  }
  return true;
}

/**
 * A debit failed, or came back after it had settled (an ACH return): the charge is 'failed' (the
 * practice still owes it; a return takes the money back out of cash), the practice can post no
 * new shifts until it links a working bank, and the practice and the staff are told. A payout not
 * yet sent waits; one already sent stays paid (the professional is paid once for the hours).
 */
export async function markChargeFailed(
  tx: Tx,
  ctx: Pick<MoneyContext, 'env'>,
  input: { chargeId: string; reason: string; now: Date },
): Promise<boolean> {
  const [before] = await tx
    .select({ status: charges.status })
    .from(charges)
    .where(eq(charges.id, input.chargeId))
    .for('update');
  if (!before || !['pending', 'processing', 'settled'].includes(before.status)) return false;
  const [charge] = await tx
    .update(charges)
    .set({ status: 'failed', failedAt: input.now, failureReason: input.reason.slice(0, 500) })
    .where(eq(charges.id, input.chargeId))
    .returning();
  if (!charge) return false;
  if (before.status === 'settled') {
    await postLedgerEntry(tx, {
      event: 'return',
      practiceId: charge.practiceId,
      chargeId: charge.id,
      now: input.now,
      lines: [
        { account: 'practice_receivable', amountCents: charge.totalCents },
        { account: 'cash', amountCents: -charge.totalCents },
      ],
    });
  }
  const [practice] = await tx
    .update(practices)
    .set({ paymentFailedAt: sql`coalesce(${practices.paymentFailedAt}, ${input.now})` })
    .where(eq(practices.id, charge.practiceId))
    .returning({ userId: practices.userId, practiceName: practices.practiceName });
  await notifyPaymentFailed(tx, ctx.env, {
    charge,
    practiceUserId: practice!.userId,
    practiceName: practice!.practiceName,
    now: input.now,
  });
  return true;
}

/**
 * A new bank was linked after a failure: postings open again and the failed charges are debited
 * again on the next run (each attempt has its own key).
 */
export async function retryFailedCharges(tx: Tx, practiceId: string): Promise<void> {
  await tx
    .update(practices)
    .set({ paymentFailedAt: null, providerBankId: null })
    .where(eq(practices.id, practiceId));
  await tx
    .update(charges)
    .set({ status: 'pending' })
    .where(and(eq(charges.practiceId, practiceId), inArray(charges.status, ['failed'])));
}
