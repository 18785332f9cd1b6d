import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminMoneyDto } from '@shared/money/money-replies';
import { moneyMessages } from '@shared/money/money-texts';
import { charges, payouts, professionals, timesheets } from '../../db/schema';
import { PaymentProviderError } from '../../payments/payment-provider';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { chargeSearch, selectCharges } from './charge-rows';
import { logProviderFailure } from './debit-charges';
import { ledgerBalances, postLedgerEntry } from './ledger';

const ROWS_SHOWN = 100;

/** The staff's view of the money: the ledger's balances, failures, disputes, charges and payouts. */
export async function getAdminMoney(
  ctx: ServiceContext,
  query: { search?: string; status?: AdminMoneyDto['charges'][number]['status'] },
): Promise<AdminMoneyDto> {
  const { balances, total } = await ledgerBalances(ctx.db);
  const [failedCharges] = await ctx.db
    .select({ n: count() })
    .from(charges)
    .where(eq(charges.status, 'failed'));
  const [failedPayouts] = await ctx.db
    .select({ n: count() })
    .from(payouts)
    .where(eq(payouts.status, 'failed'));
  const [openDisputes] = await ctx.db
    .select({ n: count() })
    .from(timesheets)
    .where(eq(timesheets.status, 'disputed'));
  const search = query.search?.trim() || undefined;
  const payoutRows = await ctx.db
    .select({
      payout: payouts,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
    })
    .from(payouts)
    .innerJoin(professionals, eq(professionals.id, payouts.professionalId))
    .where(
      search
        ? or(
            ilike(
              sql`${professionals.firstName} || ' ' || ${professionals.lastName}`,
              `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
            ),
            ilike(
              sql`${payouts.chargeId}::text`,
              `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
            ),
          )
        : undefined,
    )
    .orderBy(desc(payouts.createdAt))
    .limit(ROWS_SHOWN);
  return {
    balances,
    ledgerTotal: total,
    failedCharges: failedCharges?.n ?? 0,
    failedPayouts: failedPayouts?.n ?? 0,
    openDisputes: openDisputes?.n ?? 0,
    charges: await selectCharges(ctx.db, chargeSearch(search, query.status), ROWS_SHOWN),
    payouts: payoutRows.map(({ payout, firstName, lastName }) => ({
      id: payout.id,
      chargeId: payout.chargeId,
      professionalName: `${firstName} ${lastName}`.trim(),
      amountCents: payout.amountCents,
      status: payout.status,
      failureReason: payout.failureReason,
      createdAt: payout.createdAt.toISOString(),
      paidAt: payout.paidAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Refunds a paid charge to the practice, with the staff member's note. Before the professional
 * was paid, all of it (their payout is cancelled); after, ChairFill's fee only (the professional
 * keeps their pay for the hours). The provider's refund has its own key, so a repeated request
 * refunds once; the charge row is locked so two staff at once cannot both refund it.
 */
export async function refundCharge(
  ctx: ServiceContext,
  adminUserId: string,
  chargeId: string,
  note: string,
  now: Date = ctx.clock.now(),
) {
  const [current] = await ctx.db
    .select({ charge: charges, payoutStatus: payouts.status })
    .from(charges)
    .leftJoin(payouts, eq(payouts.chargeId, charges.id))
    .where(eq(charges.id, chargeId));
  if (!current) throw new DomainError(404, 'charge_not_found', moneyMessages.chargeNotFound);
  if (current.charge.status !== 'settled' || !current.charge.providerPaymentId) {
    throw new DomainError(409, 'not_refundable', moneyMessages.notRefundable);
  }
  const payoutSent = current.payoutStatus === 'paid';
  const amount = payoutSent ? current.charge.feeCents : current.charge.totalCents;
  if (amount > 0) {
    try {
      await ctx.payments.refundDebit({
        idempotencyKey: `refund:${chargeId}`,
        paymentId: current.charge.providerPaymentId,
        amountCents: amount,
      });
    } catch (error) {
      logProviderFailure(ctx, 'refund', error, { chargeId });
      throw error instanceof PaymentProviderError && error.kind === 'rejected'
        ? new DomainError(409, 'not_refundable', moneyMessages.notRefundable)
        : new DomainError(503, 'refund_unavailable', moneyMessages.refundUnavailable);
    }
  }
  await ctx.db.transaction(async (tx) => {
    const [charge] = await tx
      .update(charges)
      .set({
        status: 'refunded',
        refundedCents: amount,
        refundNote: note,
        refundedAt: now,
        refundedByUserId: adminUserId,
      })
      .where(and(eq(charges.id, chargeId), eq(charges.status, 'settled')))
      .returning();
    if (!charge) throw new DomainError(409, 'not_refundable', moneyMessages.notRefundable);
    if (!payoutSent) {
      await tx.update(payouts).set({ status: 'cancelled' }).where(eq(payouts.chargeId, chargeId));
    }
    await postLedgerEntry(tx, {
      event: 'refund',
      practiceId: charge.practiceId,
      professionalId: charge.professionalId,
      chargeId,
      now,
      lines: [
        { account: 'platform_revenue', amountCents: charge.feeCents },
        { account: 'professional_payable', amountCents: payoutSent ? 0 : charge.payoutAmountCents },
        { account: 'cash', amountCents: -amount },
      ],
    });
  });
  const [dto] = await selectCharges(ctx.db, eq(charges.id, chargeId), 1);
  return dto!;
}
