import { afterEach, describe, expect, it } from 'vitest';
import { startOutboxWorker, type OutboxWorker } from '../../src/server/db/outbox-worker';
import { createLogger } from '../../src/server/logger';

/**
 * The outbox worker works a backlog off pass after pass once nudged, not one batch per poll: a
 * burst of 35 e-mails (or a restart with a queue) goes out at once, not over a minute.
 */
let worker: OutboxWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** A queue of `count` items taken `batch` at a time, as deliverDueEmails takes them. */
function queueOf(count: number, batch: number) {
  const state = { left: count, passes: 0 };
  return {
    state,
    deliver: async () => {
      state.passes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      const taken = Math.min(batch, state.left);
      state.left -= taken;
      return taken;
    },
  };
}

/** A worker on `queue` whose poll is an hour away, nudged once. */
function nudgedWorkerOn(queue: ReturnType<typeof queueOf>) {
  worker = startOutboxWorker({
    name: 'test',
    deliver: queue.deliver,
    intervalMs: 3_600_000,
    logger: createLogger('silent'),
  });
  worker.nudge();
  return queue;
}

describe('the outbox worker', () => {
  it('after one nudge, passes until a pass finds nothing left (a poll an hour away)', async () => {
    const queue = nudgedWorkerOn(queueOf(35, 10));
    await expect.poll(() => queue.state.left, { timeout: 2_000 }).toBe(0);
    // 10 + 10 + 10 + 5, then one that finds nothing and stops.
    await expect.poll(() => queue.state.passes, { timeout: 2_000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.state.passes).toBe(5);
  });

  it('a pass that finds nothing does not pass again by itself', async () => {
    const queue = nudgedWorkerOn(queueOf(0, 10));
    await expect.poll(() => queue.state.passes, { timeout: 2_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.state.passes).toBe(1);
  });
});
