import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import { billingMessages, type PaymentMethodDto } from '@shared/practice/billing';
import { BankLinkError } from '../../bank-link/bank-link';
import { createSecretBox, type SecretBox } from '../../crypto/secret-box';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

/** The practice record of the signed-in practice user; its billing is reachable only through it. */
export async function findPracticeIdForUser(ctx: ServiceContext, userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: practices.id })
    .from(practices)
    .where(eq(practices.userId, userId))
    .limit(1);
  if (!row) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return row.id;
}

/** Encrypts the provider's access token at rest, bound to the practice record it belongs to. */
export function accessTokenBox(ctx: ServiceContext): SecretBox {
  return createSecretBox(ctx.env.authSecret, 'bank-access-token');
}

export function accessTokenAad(practiceId: string): string {
  return `practice:${practiceId}`;
}

type PaymentColumns = Pick<
  typeof practices.$inferSelect,
  | 'paymentMethodId'
  | 'paymentMethodLast4'
  | 'paymentMethodBankName'
  | 'paymentMethodAccountType'
  | 'paymentMethodUpdatedAt'
>;

export function toPaymentMethodDto(row: PaymentColumns): PaymentMethodDto | null {
  if (!row.paymentMethodId) return null;
  return {
    type: 'bank',
    id: row.paymentMethodId,
    last4: row.paymentMethodLast4 ?? '',
    bankName: row.paymentMethodBankName ?? '',
    accountType: row.paymentMethodAccountType ?? '',
    updatedAt: (row.paymentMethodUpdatedAt ?? new Date(0)).toISOString(),
  };
}

/**
 * A provider failure as the user sees it: the spec's message, 400 when what they sent was not
 * valid, 503 when the provider is down or misconfigured. Never a 500.
 */
export function bankLinkFailure(ctx: ServiceContext, error: unknown, step: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof BankLinkError) {
    const fields = { step, kind: error.kind, reason: error.message, ...error.details };
    if (error.kind === 'rejected') ctx.logger.info('bank link refused', fields);
    else ctx.logger.warn('bank link unavailable', fields);
    return error.kind === 'rejected'
      ? new DomainError(400, 'bank_link_failed', billingMessages.linkFailed)
      : new DomainError(503, 'bank_link_unavailable', billingMessages.linkFailed);
  }
  ctx.logger.error('bank link failed unexpectedly', {
    step,
    error: error instanceof Error ? error.name : typeof error,
  });
  return new DomainError(503, 'bank_link_unavailable', billingMessages.linkFailed);
}

/** Revokes a replaced or cleared item at the provider; a failure is logged, never shown. */
export async function removeItemQuietly(
  ctx: ServiceContext,
  practiceId: string,
  sealedAccessToken: string | null,
): Promise<void> {
  if (!sealedAccessToken) return;
  try {
    const accessToken = accessTokenBox(ctx).open(sealedAccessToken, accessTokenAad(practiceId));
    await ctx.bankLink.removeItem(accessToken);
  } catch (error) {
    ctx.logger.warn('could not remove the previous bank item', {
      practiceId,
      reason: error instanceof Error ? error.message : String(error),
      ...(error instanceof BankLinkError ? error.details : {}),
    });
  }
}
