import type { ApiClient } from './test-server';

export interface LiveReader {
  status: number;
  headers: Headers;
  /** Every event name received so far, in order ('ready' first). */
  events: string[];
  /** Resolves with the time it arrived once an event named `topic` arrives after `since`. */
  next(topic: string, timeoutMs?: number): Promise<number>;
  /** Resolves true if no event named `topic` arrives within `ms`. */
  quiet(topic: string, ms: number): Promise<boolean>;
  /** Resolves once the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * The server-sent events complete in `buffer`: their names in order (heartbeat comments have
 * none), and what is left of the next one.
 */
export function takeEvents(buffer: string): { names: string[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop()!;
  const names = blocks.flatMap((block) => {
    const line = block.split('\n').find((part) => part.startsWith('event:'));
    return line ? [line.slice('event:'.length).trim()] : [];
  });
  return { names, rest };
}

/** Opens /api/live as a browser's EventSource would (the client's cookies) and reads its events. */
export async function openLive(baseUrl: string, client: ApiClient): Promise<LiveReader> {
  const controller = new AbortController();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const events: string[] = [];
  const waiters: Array<{ topic: string; from: number; resolve: (at: number) => void }> = [];
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const taken = takeEvents(buffer + decoder.decode(chunk, { stream: true }));
          buffer = taken.rest;
          for (const name of taken.names) {
            events.push(name);
            const at = Date.now();
            for (const waiter of [...waiters]) {
              if (waiter.topic === name && events.length > waiter.from) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(at);
              }
            }
          }
        }
      } catch {
        /* closed by us */
      }
      endedResolve();
    })();
  } else {
    await response.text().catch(() => '');
    endedResolve();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    next(topic, timeoutMs = 3000) {
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no '${topic}' event within ${timeoutMs} ms (got ${events})`)),
          timeoutMs,
        );
        waiters.push({
          topic,
          from: events.length,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        });
      });
    },
    async quiet(topic, ms) {
      const from = events.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return !events.slice(from).includes(topic);
    },
    ended,
    close: () => controller.abort(),
  };
}
