import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import type { BillingDto } from '@shared/practice/billing';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toPaymentMethodDto } from './billing-records';

/** The signed-in practice's payment method (never the provider's access token). */
export async function getBilling(ctx: ServiceContext, userId: string): Promise<BillingDto> {
  const [row] = await ctx.db
    .select({
      paymentMethodId: practices.paymentMethodId,
      paymentMethodLast4: practices.paymentMethodLast4,
      paymentMethodBankName: practices.paymentMethodBankName,
      paymentMethodAccountType: practices.paymentMethodAccountType,
      paymentMethodUpdatedAt: practices.paymentMethodUpdatedAt,
    })
    .from(practices)
    .where(eq(practices.userId, userId))
    .limit(1);
  if (!row) throw new DomainError(404, 'not_found', genericErrors.notFound);
  return { provider: ctx.bankLink.provider, paymentMethod: toPaymentMethodDto(row) };
}
