import { describe, expect, it } from 'vitest';
import { takeTurns } from '../../src/server/services/take-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('takeTurns', () => {
  it('runs at most the limit at once, the others in the order given', async () => {
    const inTurn = takeTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        inTurn(async () => {
          started.push(n);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells when every turn is taken, until one ends', async () => {
    const inTurn = takeTurns(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    expect(inTurn.allTaken()).toBe(false);
    const first = inTurn(() => held);
    expect(inTurn.allTaken()).toBe(false);
    const second = inTurn(() => held);
    expect(inTurn.allTaken()).toBe(true);
    const third = inTurn(async () => 'waited');
    release();
    await Promise.all([first, second]);
    await expect(third).resolves.toBe('waited');
    expect(inTurn.allTaken()).toBe(false);
  });

  it('frees the turn of a task that fails, and answers its failure to its caller', async () => {
    const inTurn = takeTurns(1);
    const failing = inTurn(async () => {
      await tick();
      throw new Error('the read failed');
    });
    const next = inTurn(async () => 'ran after');
    await expect(failing).rejects.toThrow('the read failed');
    await expect(next).resolves.toBe('ran after');
    await expect(inTurn(async () => 'and another')).resolves.toBe('and another');
  });
});
