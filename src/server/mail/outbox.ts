import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claimDueRows, markFailed, markSent } from '../db/outbox-queue';
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

/** How many e-mails a pass of the mail worker takes. */
export const EMAIL_BATCH_SIZE = 10;

/**
 * Claims due messages, delivers them and records the outcome. Returns how many were sent.
 *
 * A failed send is tried again later (db/outbox-queue.ts). The delivered ones of a batch are
 * recorded together, in one statement after the batch: should the server stop before that, they
 * are sent again once their lease runs out (with the same Message-ID).
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  sender: string | MailSender,
  batchSize = EMAIL_BATCH_SIZE,
): Promise<number> {
  const { from, replyTo } =
    typeof sender === 'string' ? { from: sender, replyTo: undefined } : sender;
  const claimed = await claimDueRows<{
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string> | null;
  }>(db, 'email_outbox', sql`to_address, subject, text_body, html_body, headers`, batchSize);
  const delivered: typeof claimed = [];
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
      delivered.push(row);
    } catch (error) {
      await markFailed(db, 'email_outbox', row, error);
    }
  }
  await markSent(db, 'email_outbox', delivered);
  return delivered.length;
}
