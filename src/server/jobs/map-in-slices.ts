/** How long background work keeps the server's one thread before the requests get it back. */
export const SLICE_MS = 5;

/**
 * Maps many items with synchronous work (composing a batch's bell entries and e-mails, each
 * e-mail rendered to HTML) in slices of a few milliseconds, giving the event loop back between
 * slices so the requests waiting meanwhile are answered (decision record 044: background work
 * yields to requests). The server is one Node.js thread: composed in one go, a batch of 100
 * notices held every request for 0.3-1.3 s (issue 41, session 32's profile of the load
 * benchmark). The results keep the items' order.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  sliceMs: number = SLICE_MS,
): Promise<R[]> {
  const results: R[] = [];
  let sliceStarted = performance.now();
  for (const item of items) {
    results.push(map(item));
    if (performance.now() - sliceStarted >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return results;
}
