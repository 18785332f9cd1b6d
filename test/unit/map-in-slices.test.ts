import { describe, expect, it } from 'vitest';
import { mapInSlices } from '../../src/server/jobs/map-in-slices';

/** Keeps the thread busy for `ms`, as composing an e-mail does. */
function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* working */
  }
}

describe('mapInSlices', () => {
  it('keeps the order of the items', async () => {
    expect(await mapInSlices([1, 2, 3, 4], (n) => n * 10, 0)).toEqual([10, 20, 30, 40]);
  });

  it('gives the event loop back between slices of work', async () => {
    const seenDuring: number[] = [];
    let mapped = 0;
    // A request arriving while the batch is composed: answered before the batch ends.
    const ticks = setInterval(() => seenDuring.push(mapped), 0);
    const results = await mapInSlices(
      Array.from({ length: 20 }, (_, i) => i),
      (i) => {
        busyFor(2);
        mapped += 1;
        return i;
      },
      5,
    );
    clearInterval(ticks);
    expect(results).toHaveLength(20);
    // The timer ran while items were still left, not only after the last one.
    expect(seenDuring.some((count) => count > 0 && count < 20)).toBe(true);
  });

  it('does not yield for quick work within one slice', async () => {
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    await mapInSlices([1, 2, 3], (n) => n, 1_000);
    expect(ranBetween).toBe(false);
  });
});
