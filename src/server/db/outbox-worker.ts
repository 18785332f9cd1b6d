import type { Logger } from '../logger';

export interface OutboxWorker {
  /** Runs a delivery pass soon (after something was queued). */
  nudge(): void;
  /**
   * Delivers everything due now: waits for the pass under way, then passes until none is left.
   * A pass the poll or a nudge starts meanwhile may run beside these: rows are claimed with SKIP
   * LOCKED, so each is still taken once, and the last wait covers what that pass took.
   */
  drain(): Promise<void>;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs `deliver` (one pass over a database outbox: claim what is due, send it, settle it; see
 * outbox-queue.ts) every `intervalMs` and whenever nudged. Passes never overlap: a nudge during
 * a pass runs another right after it, and so does a pass that delivered something (a backlog is
 * worked off pass after pass, not one batch per `intervalMs`).
 */
export function startOutboxWorker(options: {
  /** 'mail', 'push': what the log lines say. */
  name: string;
  /** Delivers what is due; answers how many were sent. */
  deliver: () => Promise<number>;
  intervalMs: number;
  logger: Logger;
}): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        let sent: number;
        do {
          again = false;
          sent = await options.deliver();
          if (sent > 0) options.logger.info(`${options.name} delivered`, { count: sent });
          // A pass that delivered something may have left more (it takes a batch): pass again
          // until one finds nothing, so a backlog goes out at once, not a batch per poll.
        } while ((again || sent > 0) && !stopped);
      } catch (error) {
        options.logger.warn(`${options.name} delivery pass failed`, { error: String(error) });
      } finally {
        running = null;
      }
    })();
  };

  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    nudge: () => setImmediate(run),
    async drain() {
      while (running) await running;
      while ((await options.deliver()) > 0);
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
