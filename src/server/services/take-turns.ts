/** Runs tasks at most a few at once (see takeTurns). */
export interface Turns {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Every turn is taken now: a task given now waits for one to end before it starts. */
  allTaken(): boolean;
}

/**
 * At most `limit` of the tasks given to it run at once; the others wait their turn, in order,
 * without holding anything (a database connection is taken only when a task starts). For reads
 * that are costly when nothing is kept yet (a cold start), so that they cannot take every
 * connection of the requests' pool at once.
 */
export function takeTurns(limit: number): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes to the next waiting task, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }
  return Object.assign(inTurn, { allTaken: () => running >= limit });
}
