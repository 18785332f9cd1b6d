import { eq } from 'drizzle-orm';
import type {
  ExchangeBankTokenInput,
  LinkTokenDto,
  SandboxPublicTokenDto,
} from '@shared/practice/billing';
import { moneyMessages } from '@shared/money/money-texts';
import type { PayoutAccountDto } from '@shared/money/money-replies';
import { genericErrors } from '@shared/messages';
import { BankLinkError } from '../../bank-link/bank-link';
import { payoutAccounts, professionals } from '../../db/schema';
import { PaymentProviderError } from '../../payments/payment-provider';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { retryFailedPayouts } from './send-payouts';

async function professionalOf(ctx: ServiceContext, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .limit(1);
  if (!row) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return row;
}

function payoutFailure(ctx: ServiceContext, error: unknown, step: string): DomainError {
  if (error instanceof DomainError) return error;
  const rejected =
    (error instanceof BankLinkError || error instanceof PaymentProviderError) &&
    error.kind === 'rejected';
  ctx.logger.warn('payout account not linked', {
    step,
    reason: error instanceof Error ? error.message : String(error),
  });
  return rejected
    ? new DomainError(400, 'payout_link_failed', moneyMessages.payoutFailed)
    : new DomainError(503, 'payout_link_unavailable', moneyMessages.payoutFailed);
}

export async function getPayoutAccount(
  ctx: ServiceContext,
  userId: string,
): Promise<PayoutAccountDto> {
  const professional = await professionalOf(ctx, userId);
  const [row] = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.professionalId, professional.id));
  return {
    provider: ctx.bankLink.provider,
    account: row
      ? {
          bankName: row.bankName,
          last4: row.last4,
          accountType: row.accountType,
          updatedAt: row.updatedAt.toISOString(),
          payoutsEnabled: row.payoutsEnabled,
        }
      : null,
  };
}

/**
 * Where the professional finishes what the payment provider still needs before it pays out
 * (Stripe's own pages for identity details); they come back to Settings.
 */
export async function createPayoutOnboardingLink(
  ctx: ServiceContext,
  userId: string,
  returnPath: string,
): Promise<{ url: string }> {
  const professional = await professionalOf(ctx, userId);
  const [row] = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.professionalId, professional.id));
  if (!row || row.payoutsEnabled) {
    throw new DomainError(409, 'onboarding_not_needed', moneyMessages.onboardingNotNeeded);
  }
  try {
    return await ctx.payments.createOnboardingLink({
      accountId: row.providerAccountId,
      returnUrl: `${ctx.env.publicUrl}${returnPath}`,
    });
  } catch (error) {
    throw payoutFailure(ctx, error, 'onboarding-link');
  }
}

/** The bank-linking widget for the payout bank (the same widget practices pay with). */
export async function createPayoutLinkToken(
  ctx: ServiceContext,
  userId: string,
): Promise<LinkTokenDto> {
  await professionalOf(ctx, userId);
  try {
    return await ctx.bankLink.createLinkToken(userId);
  } catch (error) {
    throw payoutFailure(ctx, error, 'link-token');
  }
}

export async function createPayoutSandboxToken(
  ctx: ServiceContext,
  userId: string,
  input: { bankId: string; accountId: string },
): Promise<SandboxPublicTokenDto> {
  if (!ctx.bankLink.createSandboxPublicToken) {
    throw new DomainError(404, 'not_found', genericErrors.notFound);
  }
  await professionalOf(ctx, userId);
  try {
    return await ctx.bankLink.createSandboxPublicToken(input.bankId, input.accountId);
  } catch (error) {
    throw payoutFailure(ctx, error, 'sandbox-public-token');
  }
}

/**
 * Links the professional's payout bank: the widget's token becomes a bank account token, the
 * payment provider's account for them is made (or its bank replaced) with it, and payouts that
 * failed for the old bank are sent again. The bank item is not kept (payouts need only the
 * provider's account), so it is revoked at once.
 */
export async function linkPayoutAccount(
  ctx: ServiceContext,
  userId: string,
  input: ExchangeBankTokenInput,
  ipAddress: string,
  now: Date = ctx.clock.now(),
): Promise<PayoutAccountDto> {
  const professional = await professionalOf(ctx, userId);
  let accessToken: string;
  try {
    ({ accessToken } = await ctx.bankLink.exchangePublicToken(input.publicToken));
  } catch (error) {
    throw payoutFailure(ctx, error, 'exchange');
  }
  try {
    const account = await ctx.bankLink.getAccount(accessToken, input.accountId);
    const bankAccountToken = await ctx.bankLink.createBankAccountToken(
      accessToken,
      input.accountId,
    );
    const [existing] = await ctx.db
      .select({ providerAccountId: payoutAccounts.providerAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.professionalId, professional.id));
    const { accountId, payoutsEnabled } = await ctx.payments.preparePayoutAccount({
      professionalId: professional.id,
      email: professional.email,
      firstName: professional.firstName,
      lastName: professional.lastName,
      bankAccountToken,
      accountId: existing?.providerAccountId ?? null,
      ipAddress,
      now,
    });
    const values = {
      providerAccountId: accountId,
      bankName: account.institutionName,
      last4: account.mask,
      accountType: account.subtype,
      payoutsEnabled,
      updatedAt: now,
    };
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(payoutAccounts)
        .values({ professionalId: professional.id, ...values })
        .onConflictDoUpdate({ target: payoutAccounts.professionalId, set: values });
      await retryFailedPayouts(tx, professional.id);
    });
  } catch (error) {
    throw payoutFailure(ctx, error, 'account');
  } finally {
    await ctx.bankLink.removeItem(accessToken).catch(() => undefined);
  }
  return getPayoutAccount(ctx, userId);
}
