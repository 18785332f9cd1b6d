import type { SSEStreamingApi } from 'hono/streaming';
import { LIVE_RETRY_MS, type LiveTopic } from '@shared/live-updates';
import type { LiveClient } from './live-hub';

/** Changes announced within this window go out as one event per topic. */
const FOLD_MS = 25;
/** Find Shifts is told at most once a second: a busy market would otherwise ask it constantly. */
const BOARD_EVERY_MS = 1_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** The session is checked again this often, besides whenever it is announced to change. */
const SESSION_CHECK_EVERY = 12; // heartbeats: 5 minutes

export interface LiveStreamOptions {
  userId: string;
  tags: readonly string[];
  /** See LiveClient.tagsNow. */
  tagsNow?(): Promise<readonly string[]>;
  stillSignedIn(): Promise<boolean>;
  heartbeatMs?: number;
}

/**
 * A LiveClient writing to one server-sent events stream: topics sent in the same moment are
 * folded into one event each, and a slow or gone reader never holds anyone else up (writes are
 * not awaited by the hub; a stream that fails to take one ends).
 */
export class LiveStream implements LiveClient {
  readonly userId: string;
  readonly tags: readonly string[];
  readonly tagsNow?: () => Promise<readonly string[]>;
  private readonly pending = new Set<LiveTopic>();
  private flushTimer: NodeJS.Timeout | undefined;
  private boardSentAt = 0;
  private ended = false;
  private wake: (() => void) | undefined;
  private stream: SSEStreamingApi | undefined;
  private farewell: Promise<void> | undefined;

  constructor(private readonly options: LiveStreamOptions) {
    this.userId = options.userId;
    this.tags = options.tags;
    this.tagsNow = options.tagsNow;
  }

  stillSignedIn(): Promise<boolean> {
    return this.options.stillSignedIn();
  }

  send(topic: LiveTopic): void {
    if (this.ended) return;
    this.pending.add(topic);
    if (this.flushTimer) return;
    const boardWait =
      topic === 'board' ? Math.max(0, this.boardSentAt + BOARD_EVERY_MS - Date.now()) : 0;
    this.flushTimer = setTimeout(() => this.flush(), Math.max(FOLD_MS, boardWait));
  }

  end(reason?: 'signed-out'): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.flushTimer);
    // The page is told why, so it goes to its login at once instead of reconnecting in vain.
    if (reason) this.farewell = this.write(`event: ${reason}\ndata: \n\n`);
    this.wake?.();
  }

  /**
   * Writes 'ready' to `stream`, then keeps it open until the reader goes or `end` is called.
   * What was sent before (the hub took the client first) follows 'ready'.
   */
  async run(stream: SSEStreamingApi): Promise<void> {
    stream.onAbort(() => this.end());
    await stream.writeSSE({ event: 'ready', data: '', retry: LIVE_RETRY_MS });
    this.stream = stream;
    if (this.pending.size > 0 && !this.flushTimer) this.flush();
    const heartbeatMs = this.options.heartbeatMs ?? HEARTBEAT_MS;
    for (let beat = 1; !this.ended; beat += 1) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, heartbeatMs).unref();
      });
      if (this.ended) break;
      if (beat % SESSION_CHECK_EVERY === 0 && !(await this.stillSignedIn().catch(() => true))) {
        this.end('signed-out');
        break;
      }
      await this.write(': still here\n\n');
    }
    this.end();
    await this.farewell;
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.ended || !this.stream) return;
    const topics = [...this.pending];
    this.pending.clear();
    if (topics.includes('board')) {
      const wait = this.boardSentAt + BOARD_EVERY_MS - Date.now();
      if (wait > 0) {
        // Told too recently: the board waits for its second, the rest go now.
        this.pending.add('board');
        topics.splice(topics.indexOf('board'), 1);
        this.flushTimer = setTimeout(() => this.flush(), wait);
      } else {
        this.boardSentAt = Date.now();
      }
    }
    for (const topic of topics) void this.write(`event: ${topic}\ndata: \n\n`);
  }

  private async write(text: string): Promise<void> {
    try {
      await this.stream?.write(text);
    } catch {
      this.end();
    }
  }
}
