/**
 * The market clock: the one "now" that shifts, jobs and notices read (decision 048). One per
 * server, built in startServer from MARKET_CLOCK and carried on the service and job contexts;
 * never a module global (several test servers share modules in one worker).
 *
 * Sessions, rate limits, outbox claims and retries, logs and time budgets keep the wall clock.
 */
export interface Clock {
  now(): Date;
}

/** A clock that can be moved forward (outside production only: env.ts refuses it there). */
export interface MovableClock extends Clock {
  readonly movable: true;
  /** Moves the clock to `to`; throws a ClockMoveError when `to` is earlier than now. */
  moveTo(to: Date): Date;
}

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

export class ClockMoveError extends Error {
  constructor(
    readonly now: Date,
    readonly to: Date,
  ) {
    super(
      `The market clock only moves forward: it is ${now.toISOString()}, and ${to.toISOString()} is earlier`,
    );
    this.name = 'ClockMoveError';
  }
}

/**
 * A clock that stands still at `start` until moved, and only moves forward: the same moves give
 * the same times, so a simulation repeats exactly.
 */
export function createMovableClock(start: Date): MovableClock {
  if (Number.isNaN(start.getTime())) throw new RangeError('The market clock needs a valid start');
  let current = start.getTime();
  return {
    movable: true,
    now: () => new Date(current),
    moveTo(to) {
      const target = to.getTime();
      if (Number.isNaN(target)) throw new RangeError('The market clock needs a valid time');
      if (target < current) throw new ClockMoveError(new Date(current), to);
      current = target;
      return new Date(current);
    },
  };
}

export function isMovableClock(clock: Clock): clock is MovableClock {
  return (clock as Partial<MovableClock>).movable === true;
}

/** The server's clock as the environment asks (MARKET_CLOCK, MARKET_CLOCK_START). */
export function clockFor(config: { kind: 'system' | 'movable'; start: Date | undefined }): Clock {
  return config.kind === 'movable' ? createMovableClock(config.start ?? new Date()) : systemClock;
}
