import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  id: string;
  from: string;
  /** Where replies go (the support address); unset: to the sender. */
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), name to value. */
  headers?: Record<string, string>;
}

/** Delivers one message; throws when it could not be delivered. */
export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
}

export interface SavedMessage extends Omit<OutgoingMessage, 'id'> {
  id: string;
  date: string;
}

/**
 * SMTP delivery through nodemailer, with the outbox id as a stable Message-ID. The timeouts keep
 * one send well inside the outbox lease (db/outbox-queue.ts LOCK_SECONDS), so no other worker takes a
 * message over while it is still being sent.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const domain = new URL(smtpUrl).hostname || 'localhost';
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@${domain}>`,
        headers: message.headers ?? {},
      });
    },
  };
}

/** Without SMTP, messages are saved as JSON files under DATA_DIR/mail for the mailbox page. */
export function createFileTransport(mailDir: string): MailTransport {
  return {
    async send(message) {
      await mkdir(mailDir, { recursive: true });
      const saved: SavedMessage = { ...message, date: new Date().toISOString() };
      const file = path.join(mailDir, `${Date.now()}-${message.id}.json`);
      // Written whole under another name, then renamed: the mailbox lists only `.json` files,
      // so it never reads a message half written.
      const partial = `${file}.partial`;
      try {
        await writeFile(partial, JSON.stringify(saved, null, 2), { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw error;
      }
      await rename(partial, file);
    },
  };
}
