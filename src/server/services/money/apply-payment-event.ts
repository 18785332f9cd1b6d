import { and, eq, inArray, ne } from 'drizzle-orm';
import { charges, paymentEvents, payoutAccounts } from '../../db/schema';
import type { PaymentEvent } from '../../payments/payment-provider';
import { markChargeFailed, markChargeSettled } from './charge-outcomes';
import type { MoneyContext } from './money-context';
import { markTransferReversed } from './send-payouts';

export type EventOutcome = 'applied' | 'no_change' | 'duplicate' | 'ignored';

/**
 * Records a provider's event once (by its id) and applies it in the same transaction: a debit
 * settled, failed or came back, a transfer was reversed, or a payout account may now be paid. An event seen before changes nothing
 * ('duplicate'); one that no longer fits the charge's state (a late or out-of-order notice)
 * changes nothing either ('no_change').
 */
export async function applyPaymentEvent(
  ctx: MoneyContext,
  event: PaymentEvent,
  payload: unknown,
  now: Date = ctx.clock.now(),
): Promise<EventOutcome> {
  return ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: ctx.payments.name,
        providerEventId: event.id,
        type: event.type === 'ignored' ? event.providerType : event.type,
        payload: payload ?? {},
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    const outcome = await applyToLedger(tx, ctx, event, now);
    await tx
      .update(paymentEvents)
      .set({ outcome, processedAt: now })
      .where(eq(paymentEvents.id, recorded.id));
    return outcome;
  });
}

async function applyToLedger(
  tx: Parameters<Parameters<MoneyContext['db']['transaction']>[0]>[0],
  ctx: MoneyContext,
  event: PaymentEvent,
  now: Date,
): Promise<EventOutcome> {
  if (event.type === 'ignored') return 'ignored';
  if (event.type === 'account.updated') {
    // The provider now pays out to this account (its onboarding is done), or stopped doing so.
    const changed = await tx
      .update(payoutAccounts)
      .set({ payoutsEnabled: event.payoutsEnabled, updatedAt: now })
      .where(
        and(
          eq(payoutAccounts.providerAccountId, event.accountId),
          ne(payoutAccounts.payoutsEnabled, event.payoutsEnabled),
        ),
      )
      .returning({ id: payoutAccounts.professionalId });
    return changed.length > 0 ? 'applied' : 'no_change';
  }
  if (event.type === 'transfer.reversed') {
    const changed = await markTransferReversed(tx, {
      transferId: event.transferId,
      reason: event.failureReason,
      now,
    });
    return changed ? 'applied' : 'no_change';
  }
  const [charge] = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.providerPaymentId, event.paymentId),
        inArray(charges.status, ['processing', 'settled']),
      ),
    );
  if (!charge) return 'no_change';
  const changed =
    event.type === 'debit.settled'
      ? await markChargeSettled(tx, { chargeId: charge.id, now })
      : await markChargeFailed(tx, ctx, {
          chargeId: charge.id,
          reason: event.failureReason,
          now,
        });
  return changed ? 'applied' : 'no_change';
}
