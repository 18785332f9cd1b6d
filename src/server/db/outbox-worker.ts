import type { Logger } from '../logger';

export interface OutboxWorker {
  /** Runs a delivery pass soon (after something was queued). */
  nudge(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs `deliver` (one pass over an outbox: claim what is due, send it, record the outcome) every
 * `intervalMs` and whenever nudged; never two passes at once, and a nudge during a pass runs
 * another right after it. `label` names the outbox in the log ('mail delivered').
 */
export function startOutboxWorker(options: {
  label: string;
  intervalMs: number;
  logger: Logger;
  deliver: () => Promise<number>;
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
        do {
          again = false;
          const sent = await options.deliver();
          if (sent > 0) options.logger.info(`${options.label} delivered`, { count: sent });
        } while (again && !stopped);
      } catch (error) {
        options.logger.warn(`${options.label} delivery pass failed`, { error: String(error) });
      } finally {
        running = null;
      }
    })();
  };

  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    nudge: () => setImmediate(run),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
