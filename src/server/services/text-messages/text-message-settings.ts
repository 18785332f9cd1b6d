import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  displayPhone,
  TEXT_CODE_MAX_TRIES,
  TEXT_CODE_RESEND_SECONDS,
} from '@shared/marketplace/text-message-constants';
import type { TextMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import { usPhoneDigits } from '@shared/validation/fields';
import type { Database } from '../../db/client';
import { practices, professionals, smsOutbox, smsPhones } from '../../db/schema';
import { codeTextKey } from '../../sms/sms-outbox';
import type { SessionUser } from '../../routes/app-env';

/** The person whose text message settings these are. */
export type TextMessageOwner = Pick<SessionUser, 'id' | 'accountType'>;

/** The stored form of a confirmation code: keyed with the server's secret, bound to the number. */
export function hashTextCode(secret: string, userId: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${phone}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Serialises the code requests and guesses of one person (a transaction-level lock), so two at
 * once cannot both pass the once-a-minute rule or the count of wrong tries.
 */
export async function lockTextSettings(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${userId}`}))`);
}

/** The phone on the person's profile (a professional) or office (a practice), to offer. */
async function suggestedPhone(db: Database, owner: TextMessageOwner): Promise<string> {
  const [row] =
    owner.accountType === 'practice'
      ? await db
          .select({ mobile: practices.mobileNumber, phone: practices.phone })
          .from(practices)
          .where(eq(practices.userId, owner.id))
      : await db
          .select({ mobile: sql<string>`''`, phone: professionals.phone })
          .from(professionals)
          .where(eq(professionals.userId, owner.id));
  for (const candidate of [row?.mobile, row?.phone]) {
    const digits = candidate ? usPhoneDigits(candidate) : null;
    if (digits) return displayPhone(`+1${digits}`);
  }
  return '';
}

/** The person's number, its state and the code waiting to be entered, as the card shows them. */
export async function getTextMessageSettings(
  db: Database,
  owner: TextMessageOwner,
): Promise<TextMessageSettingsReply> {
  const [row] = await db.select().from(smsPhones).where(eq(smsPhones.userId, owner.id));
  if (!row) {
    return {
      phone: null,
      suggestedPhone: await suggestedPhone(db, owner),
      status: 'none',
      enabled: false,
      optedOut: false,
      code: null,
    };
  }
  let code: TextMessageSettingsReply['code'] = null;
  if (!row.confirmedAt && row.codeSentAt && row.codeExpiresAt) {
    const [text] = await db
      .select({ status: smsOutbox.status })
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupeKey, codeTextKey(owner.id, row.codeSentAt)));
    code = {
      expiresAt: row.codeExpiresAt.toISOString(),
      resendAt: new Date(row.codeSentAt.getTime() + TEXT_CODE_RESEND_SECONDS * 1000).toISOString(),
      triesLeft: Math.max(TEXT_CODE_MAX_TRIES - row.codeAttempts, 0),
      delivery: text?.status === 'sent' ? 'sent' : text?.status === 'failed' ? 'failed' : 'sending',
    };
  }
  return {
    phone: displayPhone(row.phone),
    suggestedPhone: '',
    status: row.confirmedAt ? 'confirmed' : 'pending',
    enabled: row.enabled,
    optedOut: row.optedOutAt !== null,
    code,
  };
}
