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
  /** How many this worker has delivered since it started (passes, nudges and drains alike). */
  delivered(): number;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * How long a pass waits, after a nudge or a pass that left nothing due, for more to be queued: a
 * busy server queues notices, e-mails and pushes for many requests a second, and each pass costs
 * a handful of statements however many rows it takes (issue 19: under load those cost as much as
 * the writes themselves), so what is queued within this time goes out in one pass.
 */
export const GATHER_MS = 25;

/**
 * Runs `deliver` (one pass over a database outbox: claim what is due, send it, settle it; see
 * outbox-queue.ts) every `intervalMs` and, GATHER_MS after, whenever nudged. Passes never
 * overlap: a nudge during a pass runs another GATHER_MS after it, and so does a pass that
 * delivered something (a backlog is worked off pass after pass, not one batch per `intervalMs`);
 * a pass that took a whole batch is followed at once.
 */
export function startOutboxWorker(options: {
  /** 'mail', 'push': what the log lines say. */
  name: string;
  /** Delivers what is due, at most `batchSize`; answers how many were sent. */
  deliver: () => Promise<number>;
  batchSize: number;
  intervalMs: number;
  logger: Logger;
}): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let gathering: NodeJS.Timeout | null = null;
  let total = 0;
  const deliver = async () => {
    const sent = await options.deliver();
    total += sent;
    return sent;
  };
  const gathered = () => new Promise((resolve) => setTimeout(resolve, GATHER_MS));

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        for (;;) {
          again = false;
          const sent = await deliver();
          if (sent > 0) options.logger.info(`${options.name} delivered`, { count: sent });
          if (stopped) break;
          // A whole batch may have left more: pass again at once. A pass that delivered
          // something, or a nudge meanwhile: pass again once more is gathered, until a pass
          // finds nothing (a backlog goes out at once, not a batch per poll).
          if (sent >= options.batchSize) continue;
          if (!again && sent === 0) break;
          await gathered();
          if (stopped) break;
        }
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
    nudge: () => {
      if (running) {
        again = true;
        return;
      }
      gathering ??= setTimeout(() => {
        gathering = null;
        run();
      }, GATHER_MS);
    },
    async drain() {
      while (running) await running;
      while ((await deliver()) > 0);
      while (running) await running;
    },
    delivered: () => total,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (gathering) clearTimeout(gathering);
      await running;
    },
  };
}
