import { and, eq, isNotNull } from 'drizzle-orm';
import { charges } from '../../db/schema';
import { applyPaymentEvent } from './apply-payment-event';
import type { MoneyContext } from './money-context';

/**
 * The offline sandbox has no webhooks: each run, its processing debits settle (or come back, for
 * the low-balance test account) through the same event handler the provider's notices use.
 */
export async function settleSandboxDebits(ctx: MoneyContext, now: Date): Promise<number> {
  if (!ctx.payments.sandboxEvents) return 0;
  const processing = await ctx.db
    .select({ paymentId: charges.providerPaymentId })
    .from(charges)
    .where(and(eq(charges.status, 'processing'), isNotNull(charges.providerPaymentId)))
    .limit(500);
  const events = ctx.payments.sandboxEvents(
    processing.map((row) => ({ paymentId: row.paymentId! })),
  );
  let applied = 0;
  for (const event of events) {
    if ((await applyPaymentEvent(ctx, event, { sandbox: true, ...event }, now)) === 'applied') {
      applied++;
    }
  }
  return applied;
}
