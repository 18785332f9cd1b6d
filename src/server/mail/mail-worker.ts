import type { Database } from '../db/client';
import { startOutboxWorker, type OutboxWorker } from '../db/outbox-worker';
import type { Logger } from '../logger';
import { EMAIL_BATCH_SIZE, deliverDueEmails } from './outbox';
import type { MailTransport } from './transport';

export type MailWorker = OutboxWorker;

/** Polls the e-mail outbox every `intervalMs` and delivers what is due. */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  /** Reply-To of every message: the support address. */
  replyTo?: string;
  intervalMs: number;
  logger: Logger;
}): MailWorker {
  return startOutboxWorker({
    name: 'mail',
    deliver: () =>
      deliverDueEmails(options.db, options.transport, {
        from: options.from,
        replyTo: options.replyTo,
      }),
    batchSize: EMAIL_BATCH_SIZE,
    intervalMs: options.intervalMs,
    logger: options.logger,
  });
}
