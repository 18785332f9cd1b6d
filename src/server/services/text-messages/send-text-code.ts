import { randomInt } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  TEXT_CODE_DIGITS,
  TEXT_CODE_MINUTES,
  TEXT_CODE_RESEND_SECONDS,
  textMessageErrors,
  textMessageTexts,
} from '@shared/marketplace/text-message-constants';
import type { TextMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import { smsPhones } from '../../db/schema';
import { codeTextKey, enqueueTexts } from '../../sms/sms-outbox';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/consume-rate-limit';
import {
  getTextMessageSettings,
  hashTextCode,
  lockTextSettings,
  type TextMessageOwner,
} from './text-message-settings';

/** Codes a person may ask for, and codes one number may be sent, per hour. */
export const textCodeRules = {
  perPerson: { max: 5, windowSeconds: 60 * 60 },
  perNumber: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Makes `phone` (E.164) the person's number for texts and texts it a new code: the number is
 * unconfirmed until the code is entered (a new number resets the confirmation of the old one),
 * the code works for 10 minutes and 5 wrong tries. Refused: a number already confirmed, a number
 * that replied STOP, a second code within a minute, more than a few codes an hour for the person
 * or the number. A refusal changes nothing.
 */
export async function sendTextCode(
  ctx: Pick<ServiceContext, 'db' | 'env'>,
  owner: TextMessageOwner,
  phone: string,
  now: Date = new Date(),
): Promise<TextMessageSettingsReply> {
  await ctx.db.transaction(async (tx) => {
    await lockTextSettings(tx, owner.id);
    const [current] = await tx.select().from(smsPhones).where(eq(smsPhones.userId, owner.id));
    if (current?.phone === phone && current.confirmedAt) {
      throw new DomainError(409, 'already_confirmed', textMessageErrors.alreadyConfirmed);
    }
    const stopped = await tx
      .select({ userId: smsPhones.userId })
      .from(smsPhones)
      .where(and(eq(smsPhones.phone, phone), isNotNull(smsPhones.optedOutAt)))
      .limit(1);
    if (stopped.length > 0) {
      throw new DomainError(409, 'number_opted_out', textMessageErrors.numberOptedOut, {
        phone: textMessageErrors.numberOptedOut,
      });
    }
    if (
      current?.codeSentAt &&
      now.getTime() - current.codeSentAt.getTime() < TEXT_CODE_RESEND_SECONDS * 1000
    ) {
      throw new DomainError(429, 'too_many_requests', textMessageErrors.waitBeforeResend);
    }
    // Counted in this transaction: a refused request (this one or a later rule's) counts nothing.
    for (const [key, rule] of [
      [`sms-code:user:${owner.id}`, textCodeRules.perPerson],
      [`sms-code:phone:${phone}`, textCodeRules.perNumber],
    ] as const) {
      if (!(await consumeRateLimit(tx, key, rule))) {
        throw new DomainError(429, 'too_many_requests', textMessageErrors.tooManyCodes);
      }
    }
    const code = String(randomInt(0, 10 ** TEXT_CODE_DIGITS)).padStart(TEXT_CODE_DIGITS, '0');
    const codeFields = {
      phone,
      confirmedAt: null,
      enabled: true,
      codeHash: hashTextCode(ctx.env.authSecret, owner.id, phone, code),
      codeExpiresAt: new Date(now.getTime() + TEXT_CODE_MINUTES * 60_000),
      codeAttempts: 0,
      codeSentAt: now,
      optedOutAt: null,
      updatedAt: now,
    };
    await tx
      .insert(smsPhones)
      .values({ userId: owner.id, ...codeFields })
      .onConflictDoUpdate({ target: smsPhones.userId, set: codeFields });
    await enqueueTexts(tx, [
      {
        userId: owner.id,
        to: phone,
        body: textMessageTexts.codeText(code),
        dedupeKey: codeTextKey(owner.id, now),
      },
    ]);
  });
  return getTextMessageSettings(ctx.db, owner);
}
