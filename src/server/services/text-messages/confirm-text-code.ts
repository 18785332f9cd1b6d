import { eq } from 'drizzle-orm';
import { TEXT_CODE_MAX_TRIES, textMessageErrors } from '@shared/marketplace/text-message-constants';
import type { TextMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import { smsPhones } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import {
  getTextMessageSettings,
  hashTextCode,
  lockTextSettings,
  sameHash,
  type TextMessageOwner,
} from './text-message-settings';

/**
 * Confirms the person's number with the code texted to it: from then on texts may go to it. A
 * wrong code counts as one of the 5 tries (kept, then refused with 400); an expired or used-up
 * code, or none, is refused with 409 and changes nothing.
 */
export async function confirmTextCode(
  ctx: Pick<ServiceContext, 'db' | 'env'>,
  owner: TextMessageOwner,
  code: string,
  now: Date = new Date(),
): Promise<TextMessageSettingsReply> {
  const wrong = await ctx.db.transaction(async (tx) => {
    await lockTextSettings(tx, owner.id);
    const [row] = await tx.select().from(smsPhones).where(eq(smsPhones.userId, owner.id));
    if (row?.confirmedAt) {
      throw new DomainError(409, 'already_confirmed', textMessageErrors.alreadyConfirmed);
    }
    if (!row?.codeHash || !row.codeExpiresAt) {
      throw new DomainError(409, 'no_code', textMessageErrors.noCode);
    }
    if (row.codeAttempts >= TEXT_CODE_MAX_TRIES) {
      throw new DomainError(409, 'code_used_up', textMessageErrors.tooManyTries);
    }
    if (row.codeExpiresAt <= now) {
      throw new DomainError(409, 'code_expired', textMessageErrors.codeExpired);
    }
    if (!sameHash(hashTextCode(ctx.env.authSecret, owner.id, row.phone, code), row.codeHash)) {
      const attempts = row.codeAttempts + 1;
      await tx
        .update(smsPhones)
        .set({ codeAttempts: attempts, updatedAt: now })
        .where(eq(smsPhones.userId, owner.id));
      return { triesLeft: TEXT_CODE_MAX_TRIES - attempts };
    }
    await tx
      .update(smsPhones)
      .set({
        confirmedAt: now,
        enabled: true,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(eq(smsPhones.userId, owner.id));
    return null;
  });
  if (wrong) {
    // After the transaction: the wrong try is kept.
    const message = textMessageErrors.wrongCode(wrong.triesLeft);
    throw new DomainError(400, 'wrong_code', message, { code: message });
  }
  return getTextMessageSettings(ctx.db, owner);
}
