import { describe, expect, it } from 'vitest';
import { inPacedBatches } from '../../src/server/jobs/paced-batches';

/** A clock whose time moves only when a batch works or the job rests. */
function fakeClock() {
  let time = 0;
  const rests: number[] = [];
  return {
    rests,
    work: (ms: number) => {
      time += ms;
    },
    clock: {
      now: () => time,
      rest: async (ms: number) => {
        rests.push(ms);
        time += ms;
      },
    },
  };
}

describe('paced batches (a job beside the requests)', () => {
  it('rests after each batch as long as it took, until a batch says there is no more', async () => {
    const { rests, work, clock } = fakeClock();
    const took = [30, 50, 20];
    let batches = 0;
    await inPacedBatches(
      10_000,
      async () => {
        work(took[batches]!);
        batches += 1;
        return batches < took.length;
      },
      clock,
    );
    expect(batches).toBe(3);
    // No rest after the last batch: the run is over.
    expect(rests).toEqual([30, 50]);
  });

  it('starts no batch once the budget (work and rests) is spent', async () => {
    const { rests, work, clock } = fakeClock();
    let batches = 0;
    await inPacedBatches(
      1_000,
      async () => {
        work(200);
        batches += 1;
        return true;
      },
      clock,
    );
    // 200 work + 200 rest twice (800 ms), then a third batch ends at 1,000: no rest, no fourth.
    expect(batches).toBe(3);
    expect(rests).toEqual([200, 200]);
  });

  it('rests for real between batches', async () => {
    const started = performance.now();
    let batches = 0;
    await inPacedBatches(10_000, async () => {
      const until = performance.now() + 20;
      while (performance.now() < until);
      batches += 1;
      return batches < 2;
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});
