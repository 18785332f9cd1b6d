import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailTransport } from './transport';

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 60;

/** Puts an e-mail in the database queue; the worker delivers it. */
export async function enqueueEmail(db: Database, email: QueuedEmail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

/**
 * Claims due messages (safe across several server instances: rows are locked with SKIP LOCKED
 * and leased for a minute), delivers them and records the outcome. Returns how many were sent.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  from: string,
  batchSize = 10,
): Promise<number> {
  const claimed = await queryRows<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
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
    returning id, to_address, subject, text_body, html_body, attempts`,
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
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
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return sent;
}
