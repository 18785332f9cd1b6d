import { eq } from 'drizzle-orm';
import type { ExchangeBankTokenDto, ExchangeBankTokenInput } from '@shared/practice/billing';
import type { BankAccountInfo, ExchangedItem } from '../../bank-link/bank-link';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { retryFailedCharges } from '../money/charge-outcomes';
import {
  accessTokenAad,
  accessTokenBox,
  bankLinkFailure,
  findPracticeIdForUser,
  removeItemQuietly,
} from './billing-records';

/**
 * POST /api/exchange-plaid-token: exchanges the widget's public token for an access token, reads
 * the chosen account, creates the processor (bank account) token and stores it as the practice's
 * payment method with the encrypted access token. Nothing is stored unless every step succeeded;
 * a replaced item is revoked at the provider afterwards.
 */
export async function linkBankAccount(
  ctx: ServiceContext,
  userId: string,
  input: ExchangeBankTokenInput,
  /** Where the practice authorized debits from: it links the bank after reading the authorization. */
  authorization: { ipAddress: string; userAgent: string },
): Promise<ExchangeBankTokenDto> {
  const practiceId = await findPracticeIdForUser(ctx, userId);
  const { bankLink } = ctx;

  let exchanged: ExchangedItem;
  try {
    exchanged = await bankLink.exchangePublicToken(input.publicToken);
  } catch (error) {
    throw bankLinkFailure(ctx, error, 'exchange');
  }
  // The new item is of no use without a stored payment method: revoke it rather than leave it active.
  const abandonItem = () => bankLink.removeItem(exchanged.accessToken).catch(() => undefined);

  let account: BankAccountInfo;
  let bankAccountToken: string;
  try {
    account = await bankLink.getAccount(exchanged.accessToken, input.accountId);
    bankAccountToken = await bankLink.createBankAccountToken(
      exchanged.accessToken,
      input.accountId,
    );
  } catch (error) {
    const failure = bankLinkFailure(ctx, error, 'account');
    await abandonItem();
    throw failure;
  }

  const sealed = accessTokenBox(ctx).seal(exchanged.accessToken, accessTokenAad(practiceId));
  let previous: { sealed: string | null; itemId: string | null } | undefined;
  try {
    previous = await ctx.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ sealed: practices.bankAccessTokenEncrypted, itemId: practices.bankItemId })
        .from(practices)
        .where(eq(practices.id, practiceId))
        .for('update');
      const now = ctx.clock.now();
      await tx
        .update(practices)
        .set({
          paymentMethodId: bankAccountToken,
          paymentMethodLast4: account.mask,
          paymentMethodBankName: account.institutionName,
          paymentMethodAccountType: account.subtype,
          paymentMethodUpdatedAt: now,
          bankAccessTokenEncrypted: sealed,
          bankItemId: exchanged.itemId,
          debitAuthorizedAt: now,
          debitAuthorizationIp: authorization.ipAddress,
          debitAuthorizationUserAgent: authorization.userAgent.slice(0, 500),
          updatedAt: now,
        })
        .where(eq(practices.id, practiceId));
      // A new bank: it is set up at the payment provider on the next debit, postings held by a
      // failed payment open again, and the failed charges are debited again from it.
      await retryFailedCharges(tx, practiceId);
      return old;
    });
  } catch (error) {
    await abandonItem();
    throw error;
  }
  if (previous?.sealed && previous.itemId !== exchanged.itemId) {
    await removeItemQuietly(ctx, practiceId, previous.sealed);
  }
  ctx.logger.info('bank account linked', { practiceId, itemId: exchanged.itemId });
  return { bankAccountToken };
}
