import { and, asc, eq, isNull } from 'drizzle-orm';
import { charges, practices } from '../../db/schema';
import { PaymentProviderError } from '../../payments/payment-provider';
import { markChargeFailed } from './charge-outcomes';
import type { MoneyContext } from './money-context';

/** Charges debited per run; the rest wait for the next. */
const DEBITS_PER_RUN = 200;

/**
 * Asks the provider to debit each pending charge of a practice that has a linked bank and no
 * failed payment: its customer and bank are prepared at the provider once, then one debit per
 * charge and attempt, under the key `<charge id>:<attempt>`, so a run that stops half-way and is
 * run again gets the same debit back instead of a second one. Returns how many debits were started
 * (now processing) and how many charges failed (the bank refused at once, or the provider did).
 */
export async function debitPendingCharges(
  ctx: MoneyContext,
  now: Date,
): Promise<{ started: number; failed: number }> {
  const due = await ctx.db
    .select({ charge: charges, practice: practices })
    .from(charges)
    .innerJoin(practices, eq(practices.id, charges.practiceId))
    .where(and(eq(charges.status, 'pending'), isNull(practices.paymentFailedAt)))
    .orderBy(asc(charges.createdAt))
    .limit(DEBITS_PER_RUN);
  let started = 0;
  let failed = 0;
  const prepared = new Map<string, PreparedBank>();
  for (const { charge, practice } of due) {
    if (!practice.paymentMethodId) continue;
    let bank = prepared.get(practice.id);
    if (bank === undefined) {
      bank = await preparePracticeBank(ctx, practice);
      prepared.set(practice.id, bank);
    }
    if (bank === null) continue;
    if ('refused' in bank) {
      // The provider will not take this bank: the charge fails and the practice is told.
      const reason = bank.refused;
      const marked = await ctx.db.transaction((tx) =>
        markChargeFailed(tx, ctx, { chargeId: charge.id, reason, now }),
      );
      if (marked) failed++;
      continue;
    }
    const attempt = charge.attempts + 1;
    let result;
    try {
      result = await ctx.payments.createDebit({
        idempotencyKey: `${charge.id}:${attempt}`,
        amountCents: charge.totalCents,
        customerId: bank.customerId,
        paymentMethodId: bank.paymentMethodId,
        description: `ChairFill ${charge.kind === 'worked' ? 'shift' : 'late cancellation'} ${charge.id.slice(0, 8)}`,
        metadata: { chargeId: charge.id, practiceId: practice.id },
        mandate: practice.debitAuthorizedAt
          ? {
              acceptedAt: practice.debitAuthorizedAt,
              ipAddress: practice.debitAuthorizationIp ?? '',
              userAgent: practice.debitAuthorizationUserAgent ?? '',
            }
          : null,
      });
    } catch (error) {
      logProviderFailure(ctx, 'debit', error, { chargeId: charge.id });
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        const marked = await ctx.db.transaction((tx) =>
          markChargeFailed(tx, ctx, { chargeId: charge.id, reason: error.message, now }),
        );
        if (marked) failed++;
      }
      continue;
    }
    const updated = await ctx.db
      .update(charges)
      .set({
        status: 'processing',
        attempts: attempt,
        providerPaymentId: result.paymentId,
        submittedAt: now,
        failureReason: '',
      })
      .where(
        and(
          eq(charges.id, charge.id),
          eq(charges.status, 'pending'),
          eq(charges.attempts, charge.attempts),
        ),
      )
      .returning({ id: charges.id });
    if (updated.length === 0) continue;
    if (result.status !== 'failed') {
      started++;
      continue;
    }
    const marked = await ctx.db.transaction((tx) =>
      markChargeFailed(tx, ctx, {
        chargeId: charge.id,
        reason: result.failureReason ?? 'The bank refused the debit.',
        now,
      }),
    );
    if (marked) failed++;
  }
  return { started, failed };
}

/** The practice's customer and bank at the provider, made when first needed (or after a new link). */
type PreparedBank = { customerId: string; paymentMethodId: string } | { refused: string } | null;

async function preparePracticeBank(
  ctx: MoneyContext,
  practice: typeof practices.$inferSelect,
): Promise<PreparedBank> {
  if (practice.paymentCustomerId && practice.providerBankId) {
    return { customerId: practice.paymentCustomerId, paymentMethodId: practice.providerBankId };
  }
  try {
    const prepared = await ctx.payments.preparePracticeBank({
      practiceId: practice.id,
      name: practice.practiceName,
      email: practice.email,
      bankAccountToken: practice.paymentMethodId!,
      customerId: practice.paymentCustomerId,
    });
    // Only for the bank it was prepared with: a bank linked meanwhile is prepared again.
    await ctx.db
      .update(practices)
      .set({ paymentCustomerId: prepared.customerId, providerBankId: prepared.paymentMethodId })
      .where(
        and(
          eq(practices.id, practice.id),
          eq(practices.paymentMethodId, practice.paymentMethodId!),
        ),
      );
    return prepared;
  } catch (error) {
    logProviderFailure(ctx, 'prepare-bank', error, { practiceId: practice.id });
    if (error instanceof PaymentProviderError && error.kind === 'rejected') {
      return { refused: 'The bank account could not be set up for debits.' };
    }
    return null;
  }
}

export function logProviderFailure(
  ctx: Pick<MoneyContext, 'logger'>,
  step: string,
  error: unknown,
  fields: Record<string, string>,
): void {
  if (error instanceof PaymentProviderError) {
    ctx.logger.warn('payment provider refused', {
      step,
      kind: error.kind,
      reason: error.message,
      ...error.details,
      ...fields,
    });
  } else {
    ctx.logger.error('payment step failed unexpectedly', {
      step,
      error: error instanceof Error ? error.message : String(error),
      ...fields,
    });
  }
}
