import { and, eq, isNotNull } from 'drizzle-orm';
import { charges } from '../../db/schema';
import { applyPaymentEvent } from './apply-payment-event';
import type { MoneyContext } from './money-context';

/**
 * The offline sandbox has no webhooks: each run, its processing debits settle (or come back, for
 * the low-balance test account) through the same event handler the provider's notices use.
 * Returns how many charges settled and how many failed.
 */
export async function settleSandboxDebits(
  ctx: MoneyContext,
  now: Date,
): Promise<{ settled: number; failed: number }> {
  const counts = { settled: 0, failed: 0 };
  if (!ctx.payments.sandboxEvents) return counts;
  const processing = await ctx.db
    .select({ paymentId: charges.providerPaymentId })
    .from(charges)
    .where(and(eq(charges.status, 'processing'), isNotNull(charges.providerPaymentId)))
    .limit(500);
  const events = ctx.payments.sandboxEvents(
    processing.map((row) => ({ paymentId: row.paymentId! })),
  );
  for (const event of events) {
    if ((await applyPaymentEvent(ctx, event, { sandbox: true, ...event }, now)) !== 'applied') {
      continue;
    }
    if (event.type === 'debit.settled') counts.settled++;
    else if (event.type === 'debit.failed') counts.failed++;
  }
  return counts;
}
