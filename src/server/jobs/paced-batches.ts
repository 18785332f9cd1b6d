/**
 * How a job works through a backlog beside the requests (issue 19: jobs yield to requests): in
 * bounded batches, each its own short transaction, resting after each batch as long as it took,
 * so a job holds its database connection at most half of the time it runs and a server just
 * started (every job's first run at once, over whatever built up while it was down) still answers
 * its pages. `batch` does one batch and says whether there is more; the run ends when there is
 * none, or when `budgetMs` has passed (the rest waits for the next run).
 */
export async function inPacedBatches(
  budgetMs: number,
  batch: () => Promise<boolean>,
  clock: { now(): number; rest(ms: number): Promise<void> } = realClock,
): Promise<void> {
  const started = clock.now();
  for (;;) {
    const batchStarted = clock.now();
    const more = await batch();
    const took = clock.now() - batchStarted;
    if (!more || clock.now() + took - started >= budgetMs) return;
    await clock.rest(took);
  }
}

const realClock = {
  now: () => performance.now(),
  rest: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};
