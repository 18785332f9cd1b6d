import { describe, expect, it } from 'vitest';
import {
  ClockMoveError,
  clockFor,
  createMovableClock,
  isMovableClock,
  systemClock,
} from '../../src/server/clock';

/** The market clock (decision 048): movable forward only, standing still between moves. */
describe('createMovableClock', () => {
  const start = new Date('2030-03-04T14:00:00.000Z');

  it('stands still at its start until moved, whatever the wall clock does', async () => {
    const clock = createMovableClock(start);
    const first = clock.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().toISOString()).toBe('2030-03-04T14:00:00.000Z');
    expect(first.toISOString()).toBe('2030-03-04T14:00:00.000Z');
  });

  it('moves forward to the time asked, and stays there', async () => {
    const clock = createMovableClock(start);
    expect(clock.moveTo(new Date('2030-03-06T09:30:00.000Z')).toISOString()).toBe(
      '2030-03-06T09:30:00.000Z',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().toISOString()).toBe('2030-03-06T09:30:00.000Z');
    // Moving to the time it shows already is allowed (a step of nothing).
    expect(clock.moveTo(new Date('2030-03-06T09:30:00.000Z')).toISOString()).toBe(
      '2030-03-06T09:30:00.000Z',
    );
  });

  it('refuses to move backward, says why, and keeps its time', () => {
    const clock = createMovableClock(start);
    clock.moveTo(new Date('2030-03-05T00:00:00.000Z'));
    let refused: unknown;
    try {
      clock.moveTo(new Date('2030-03-04T23:59:59.999Z'));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ClockMoveError);
    expect((refused as Error).message).toBe(
      'The market clock only moves forward: it is 2030-03-05T00:00:00.000Z, and 2030-03-04T23:59:59.999Z is earlier',
    );
    expect(clock.now().toISOString()).toBe('2030-03-05T00:00:00.000Z');
  });

  it('hands out copies: changing a Date it gave does not move it', () => {
    const clock = createMovableClock(start);
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2030-03-04T14:00:00.000Z');
  });

  it('refuses an invalid start or target', () => {
    expect(() => createMovableClock(new Date('nonsense'))).toThrow(RangeError);
    const clock = createMovableClock(start);
    expect(() => clock.moveTo(new Date('nonsense'))).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2030-03-04T14:00:00.000Z');
  });
});

describe('clockFor', () => {
  it('is the system clock unless asked for a movable one', () => {
    const clock = clockFor({ kind: 'system', start: undefined });
    expect(clock).toBe(systemClock);
    expect(isMovableClock(clock)).toBe(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('gives a new movable clock each time, at the start asked or the present', () => {
    const start = new Date('2031-01-01T00:00:00.000Z');
    const one = clockFor({ kind: 'movable', start });
    const two = clockFor({ kind: 'movable', start });
    expect(isMovableClock(one) && isMovableClock(two)).toBe(true);
    if (!isMovableClock(one)) throw new Error('not movable');
    one.moveTo(new Date('2031-02-01T00:00:00.000Z'));
    expect(two.now().toISOString()).toBe('2031-01-01T00:00:00.000Z');
    const present = clockFor({ kind: 'movable', start: undefined });
    expect(Math.abs(present.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
