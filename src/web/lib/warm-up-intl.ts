/**
 * Starts the worker that loads the browser's date-formatting data off the main thread
 * (intl-warm-up-worker.ts), and ends it once it has. Best effort: without workers, or if the
 * worker cannot start, the page's first formatter loads the data itself, as before.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up-worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl-warm-up',
    });
    const end = () => worker.terminate();
    worker.addEventListener('message', end);
    worker.addEventListener('error', end);
  } catch {
    // Optional: the page works the same without it.
  }
}
