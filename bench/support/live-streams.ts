import { takeEvents } from '../../test/support/live-stream';
import http from 'node:http';

/** One open `GET /api/live` stream held by the benchmark, with what it received. */
export interface HeldStream {
  /** Events received so far, by name ('ready', 'messages', …). */
  readonly counts: Map<string, number>;
  /** Whether the server ended the stream (or the connection broke) before `close`. */
  readonly lost: boolean;
  /** Resolves with the arrival time (performance.now()) of the next event named `name`. */
  next(name: string, timeoutMs: number): Promise<number | null>;
  close(): void;
}

/**
 * Opens a live stream as a browser's EventSource would (its own connection, the session cookie)
 * and resolves once its `ready` event has arrived. Plain node:http rather than fetch: thousands of
 * held responses cost far less without web streams. Rejects on any answer but 200 or no `ready`
 * within `timeoutMs`.
 */
export function openHeldStream(
  url: string,
  cookie: string,
  timeoutMs = 30_000,
): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const counts = new Map<string, number>();
    const waiters: Array<{ name: string; resolve: (at: number | null) => void }> = [];
    let lost = false;
    let closing = false;
    let opened = false;
    const request = http.get(url, {
      agent: false,
      headers: { accept: 'text/event-stream', cookie },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no 'ready' within ${timeoutMs} ms`));
    }, timeoutMs);
    const stream: HeldStream = {
      counts,
      get lost() {
        return lost;
      },
      next(name, waitMs) {
        return new Promise((done) => {
          const waiter = {
            name,
            resolve: (at: number | null) => {
              clearTimeout(giveUp);
              done(at);
            },
          };
          const giveUp = setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            done(null);
          }, waitMs);
          waiters.push(waiter);
        });
      },
      close() {
        closing = true;
        request.destroy();
      },
    };
    request.on('error', (error) => {
      if (!opened) {
        clearTimeout(timer);
        reject(error);
      } else if (!closing) lost = true;
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => reject(new Error(`${response.statusCode}: ${body}`)));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = performance.now();
        const taken = takeEvents(buffer + chunk);
        buffer = taken.rest;
        for (const name of taken.names) {
          counts.set(name, (counts.get(name) ?? 0) + 1);
          if (name === 'ready' && !opened) {
            opened = true;
            clearTimeout(timer);
            resolve(stream);
          }
          for (const waiter of waiters.filter((w) => w.name === name)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(at);
          }
        }
      });
      response.on('close', () => {
        if (!closing) lost = true;
      });
    });
  });
}
