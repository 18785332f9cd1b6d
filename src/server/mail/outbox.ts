import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailTransport } from './transport';

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of this message only (List-Unsubscribe of a bulk e-mail), name to value. */
  headers?: Record<string, string>;
}

/** Who every message is from, and where replies go (the support address, CONTACT_EMAIL). */
export interface MailSender {
  from: string;
  replyTo?: string;
}

const MAX_ATTEMPTS = 8;
/**
 * How long a claimed message stays leased to the worker that claimed it. It is well above the
 * longest a send can take (the SMTP transport's timeouts, transport.ts), so a message is only
 * taken over from a worker that stopped, never from one still sending it.
 */
export const LOCK_SECONDS = 300;

export interface EnqueueOptions {
  /**
   * Makes the e-mail go out once: a second enqueue with the same key (a job that runs twice) is
   * ignored, by the unique index on email_outbox.dedupe_key.
   */
  dedupeKey?: string;
}

/** Puts an e-mail in the database queue; the worker delivers it. Returns its id. */
export async function enqueueEmail(db: Database, email: QueuedEmail): Promise<string>;
/** With a dedupe key: the id, or null when an e-mail with that key was queued before. */
export async function enqueueEmail(
  db: Database,
  email: QueuedEmail,
  options: EnqueueOptions,
): Promise<string | null>;
export async function enqueueEmail(
  db: Database,
  email: QueuedEmail,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [id] = await enqueueEmails(db, [{ ...email, dedupeKey: options.dedupeKey }]);
  return id ?? null;
}

/**
 * Queues several e-mails in one insert; those whose dedupe key was used before are skipped.
 * Returns the ids of the e-mails queued now.
 */
export async function enqueueEmails(
  db: Database,
  emails: Array<QueuedEmail & EnqueueOptions>,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(
      emails.map((email) => ({
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        headers: email.headers ?? {},
        dedupeKey: email.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

/** The row as this worker claimed it: still being sent, in the same attempt. */
function claimedAttempt(id: string, attempts: number) {
  return and(
    eq(emailOutbox.id, id),
    eq(emailOutbox.status, 'sending'),
    eq(emailOutbox.attempts, attempts),
  );
}

function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

/**
 * Claims due messages, delivers them and records the outcome. Returns how many were sent.
 *
 * Each message is sent at most once: claiming moves it to 'sending' with a lease (rows locked
 * with SKIP LOCKED, so two workers never claim the same row) and counts the attempt; only a
 * 'sending' row whose lease ran out (its worker stopped) is claimed again. The outcome is written
 * only if the row is still in the attempt this worker claimed, so a late answer can never turn a
 * message back to 'queued' once it is sent. A failed send goes back to the queue with a growing
 * delay, up to MAX_ATTEMPTS.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  sender: string | MailSender,
  batchSize = 10,
): Promise<number> {
  const { from, replyTo } =
    typeof sender === 'string' ? { from: sender, replyTo: undefined } : sender;
  const claimed = await queryRows<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string> | null;
    attempts: number;
  }>(
    db,
    sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
    where id in (
      select id from email_outbox
      where (status = 'queued' and next_attempt_at <= now())
         or (status = 'sending' and locked_until < now())
      order by next_attempt_at
      limit ${batchSize}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, headers, attempts`,
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      await transport.send({
        id: row.id,
        from,
        ...(replyTo ? { replyTo } : {}),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers ?? {},
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(claimedAttempt(row.id, row.attempts));
      sent += 1;
    } catch (error) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'queued',
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(claimedAttempt(row.id, row.attempts));
    }
  }
  return sent;
}
