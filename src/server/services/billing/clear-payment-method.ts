import { and, eq, inArray } from 'drizzle-orm';
import { billingMessages } from '@shared/practice/billing-constants';
import { bookings, charges, practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';
import { findPracticeIdForUser, removeItemQuietly } from './billing-records';

/**
 * Whether the practice owes, or will owe, a debit: a charge not yet paid (pending, being debited,
 * or failed and waiting for a working account), or a booking still confirmed (a shift to come, or
 * one whose hours are not yet approved: each ends in a charge).
 */
async function hasDebitsToCome(tx: Tx, practiceId: string): Promise<boolean> {
  const [charge] = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.practiceId, practiceId),
        inArray(charges.status, ['pending', 'processing', 'failed']),
      ),
    )
    .limit(1);
  if (charge) return true;
  const [booking] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.practiceId, practiceId), eq(bookings.status, 'confirmed')))
    .limit(1);
  return Boolean(booking);
}

/**
 * 'Remove Payment Method': forgets the method and access token, then revokes the item; refused
 * (409, nothing changed) while a debit is to come. Replacing the account is linking a new one
 * (link-bank-account.ts), which keeps the current one until the new one is stored.
 */
export async function clearPaymentMethod(ctx: ServiceContext, userId: string): Promise<void> {
  const practiceId = await findPracticeIdForUser(ctx, userId);
  const previous = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: practices.paymentMethodId, sealed: practices.bankAccessTokenEncrypted })
      .from(practices)
      .where(eq(practices.id, practiceId))
      .for('update');
    // Nothing linked: nothing to remove, nothing changed.
    if (!old?.id && !old?.sealed) return old;
    if (await hasDebitsToCome(tx, practiceId)) {
      throw new DomainError(409, 'payment_method_in_use', billingMessages.removeRefused);
    }
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
