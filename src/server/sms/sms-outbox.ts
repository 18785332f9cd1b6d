import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { announceQueued, claimDueRows, markFailed, markSent } from '../db/outbox-queue';
import { smsOutbox } from '../db/schema';
import { SmsProviderError, type SmsProvider } from './sms-provider';

export interface QueuedText {
  userId: string;
  /** E.164. */
  to: string;
  body: string;
  /** Makes the text go out once (a second enqueue with the same key is ignored). */
  dedupeKey: string;
}

/** The key of a confirmation code text: the person and when the code was made. */
export function codeTextKey(userId: string, sentAt: Date): string {
  return `code:${userId}:${sentAt.getTime()}`;
}

/**
 * Queues texts in one insert (those whose dedupe key was used before are skipped) and announces
 * them to the SMS workers. Returns how many were queued now.
 */
export async function enqueueTexts(db: Database, texts: QueuedText[]): Promise<number> {
  if (texts.length === 0) return 0;
  const rows = await db
    .insert(smsOutbox)
    .values(
      texts.map((text) => ({
        userId: text.userId,
        toPhone: text.to,
        body: text.body,
        dedupeKey: text.dedupeKey,
      })),
    )
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  if (rows.length > 0) await announceQueued(db, 'sms_outbox');
  return rows.length;
}

/** STOP (true) or START (false) from a number: for every person who gave it. */
export async function recordOptOut(
  db: Database,
  phone: string,
  optedOut: boolean,
): Promise<number> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    optedOut
      ? sql`update sms_phones set opted_out_at = now(), updated_at = now()
            where phone = ${phone} and opted_out_at is null returning user_id`
      : sql`update sms_phones set opted_out_at = null, updated_at = now()
            where phone = ${phone} and opted_out_at is not null returning user_id`,
  );
  return rows.length;
}

/**
 * Whether the text may still go: its number is the person's, has not replied STOP, and, unless
 * it carries a confirmation code, is confirmed with texts switched on (the person may have
 * removed the number or switched texts off since it was queued).
 */
async function mayStillText(
  db: Database,
  row: { user_id: string | null; to_phone: string; dedupe_key: string | null },
): Promise<boolean> {
  const isCode = row.dedupe_key?.startsWith('code:') ?? false;
  const [found] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (
          select 1 from sms_phones
          where user_id = ${row.user_id} and phone = ${row.to_phone} and opted_out_at is null
            and (${isCode} or (confirmed_at is not null and enabled))
        ) and not exists (
          select 1 from sms_phones where phone = ${row.to_phone} and opted_out_at is not null
        ) as ok`,
  );
  return found?.ok === true;
}

/** How many texts a pass of the SMS worker takes. */
export const SMS_BATCH_SIZE = 10;

/**
 * Claims due texts, sends them through the provider and records the outcome. Returns how many
 * were sent. Each text is sent at most once and a failed one is tried again later
 * (db/outbox-queue.ts); one the provider refuses for good (an invalid number, STOP) is not, and
 * an unsubscribed recipient is recorded as having replied STOP.
 */
export async function deliverDueTexts(
  db: Database,
  provider: SmsProvider,
  batchSize = SMS_BATCH_SIZE,
): Promise<number> {
  const claimed = await claimDueRows<{
    user_id: string | null;
    to_phone: string;
    body: string;
    dedupe_key: string | null;
  }>(db, 'sms_outbox', sql`user_id, to_phone, body, dedupe_key`, batchSize);
  let sent = 0;
  for (const row of claimed) {
    if (!(await mayStillText(db, row))) {
      await markFailed(
        db,
        'sms_outbox',
        row,
        'Not sent: the number was removed, switched off or replied STOP',
        true,
      );
      continue;
    }
    try {
      const { providerId } = await provider.send({ to: row.to_phone, body: row.body });
      await markSent(db, 'sms_outbox', [row], sql`, provider_id = ${providerId}`);
      sent += 1;
    } catch (error) {
      const refused = error instanceof SmsProviderError ? error : null;
      if (refused?.optedOut) await recordOptOut(db, row.to_phone, true);
      await markFailed(db, 'sms_outbox', row, error, refused?.permanent ?? false);
    }
  }
  return sent;
}
