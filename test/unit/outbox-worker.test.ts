import { afterEach, describe, expect, it } from 'vitest';
import { GATHER_MS, startOutboxWorker, type OutboxWorker } from '../../src/server/db/outbox-worker';
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

/** A worker on `queue` (taking `batch` a pass) whose poll is an hour away. */
function workerOn(queue: ReturnType<typeof queueOf>, batch: number) {
  worker = startOutboxWorker({
    name: 'test',
    deliver: queue.deliver,
    batchSize: batch,
    intervalMs: 3_600_000,
    logger: createLogger('silent'),
  });
  return worker;
}

/** workerOn, nudged once. */
function nudgedWorkerOn(queue: ReturnType<typeof queueOf>, batch = 10) {
  workerOn(queue, batch).nudge();
  return queue;
}

describe('the outbox worker', () => {
  it('after one nudge, passes until a pass finds nothing left (a poll an hour away)', async () => {
    const queue = nudgedWorkerOn(queueOf(35, 10), 10);
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

  it('gathers what many requests queue in a moment into one pass, not a pass each', async () => {
    // One row queued and announced every millisecond for 300 ms, as a busy server does.
    const queue = queueOf(0, 100);
    const busy = workerOn(queue, 100);
    let queued = 0;
    const began = Date.now();
    const arrivals = setInterval(() => {
      if (queued >= 300) return clearInterval(arrivals);
      queued += 1;
      queue.state.left += 1;
      busy.nudge();
    }, 1);
    await expect.poll(() => queued, { timeout: 5_000 }).toBe(300);
    await expect.poll(() => queue.state.left, { timeout: 2_000 }).toBe(0);
    // A pass every GATHER_MS at most (each pass takes 1 ms here): without the gathering, a
    // pass per millisecond or two.
    const elapsed = Date.now() - began;
    expect(queue.state.passes).toBeLessThanOrEqual(Math.ceil(elapsed / GATHER_MS) * 2 + 2);
  });

  it('passes again at once after a whole batch, and waits for more after a partial one', async () => {
    const queue = nudgedWorkerOn(queueOf(25, 10), 10);
    const started = Date.now();
    // 10 and 10 at once, 5, then a pass GATHER_MS later that finds nothing.
    await expect.poll(() => queue.state.passes, { timeout: 2_000 }).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * GATHER_MS - 5);
    await new Promise((resolve) => setTimeout(resolve, 3 * GATHER_MS));
    expect(queue.state.passes).toBe(4);
    expect(queue.state.left).toBe(0);
  });
});
