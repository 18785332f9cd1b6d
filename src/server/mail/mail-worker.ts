import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { deliverDueEmails } from './outbox';
import type { MailTransport } from './transport';

export interface MailWorker {
  /** Runs a delivery pass soon (after an e-mail was queued). */
  nudge(): void;
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs` and delivers what is due. */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  /** Reply-To of every message: the support address. */
  replyTo?: string;
  intervalMs: number;
  logger: Logger;
}): MailWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const sent = await deliverDueEmails(options.db, options.transport, {
            from: options.from,
            replyTo: options.replyTo,
          });
          if (sent > 0) options.logger.info('mail delivered', { count: sent });
        } while (again && !stopped);
      } catch (error) {
        options.logger.warn('mail delivery pass failed', { error: String(error) });
      } finally {
        running = null;
      }
    })();
  };

  timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    nudge: () => setImmediate(run),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
