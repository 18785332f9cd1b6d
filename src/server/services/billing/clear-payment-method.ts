import { eq } from 'drizzle-orm';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { findPracticeIdForUser, removeItemQuietly } from './billing-records';

/** 'Update Payment Method': forgets the method and access token, then revokes the item. */
export async function clearPaymentMethod(ctx: ServiceContext, userId: string): Promise<void> {
  const practiceId = await findPracticeIdForUser(ctx, userId);
  const previous = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ sealed: practices.bankAccessTokenEncrypted })
      .from(practices)
      .where(eq(practices.id, practiceId))
      .for('update');
    await tx
      .update(practices)
      .set({
        paymentMethodId: null,
        paymentMethodLast4: null,
        paymentMethodBankName: null,
        paymentMethodAccountType: null,
        paymentMethodUpdatedAt: null,
        bankAccessTokenEncrypted: null,
        bankItemId: null,
        providerBankId: null,
        updatedAt: new Date(),
      })
      .where(eq(practices.id, practiceId));
    return old;
  });
  await removeItemQuietly(ctx, practiceId, previous?.sealed ?? null);
}
