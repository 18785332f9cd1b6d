import type { LiveTopic } from '@shared/live-updates';
import { perDatabase } from '../db/per-database';

/** One open live stream, as the hub sees it (live-client.ts makes them). */
export interface LiveClient {
  userId: string;
  /** The change announcements it follows: 'bell:<user id>', 'practice:<id>', 'area:<p>:…'… */
  tags: readonly string[];
  /**
   * Its tags as they are now, when they follow the person's own record (a professional's board
   * areas follow their home): asked again whenever their record is announced to change.
   */
  tagsNow?(): Promise<readonly string[]>;
  /** Tells the page that `topic` changed (folded with others sent in the same moment). */
  send(topic: LiveTopic): void;
  /** Ends the stream: the server stopping, or 'signed-out' (the page is told so). */
  end(reason?: 'signed-out'): void;
  /** Whether the session that opened it still holds. */
  stillSignedIn(): Promise<boolean>;
}

/** A stream's tags are asked again at most this often (`retag`). */
const RETAG_EVERY_MS = 1_000;

/** A person may keep this many streams open at once (tabs, phones); the next is refused. */
export const MAX_STREAMS_PER_USER = 20;

/** What an announced tag means to the pages following it. */
const topicByPrefix: ReadonlyArray<readonly [string, LiveTopic]> = [
  ['bell:', 'notifications'],
  ['talk:', 'messages'],
  ['practice:', 'shifts'],
  ['professional:', 'bookings'],
  ['area:', 'board'],
];

function topicOf(tag: string): LiveTopic | undefined {
  return topicByPrefix.find(([prefix]) => tag.startsWith(prefix))?.[1];
}

/**
 * The live streams one server holds, by the tags they follow. It hears every change the database
 * announces (migrations 0011, 0012 and 0026, on the channel kept answers also hear), so a change
 * committed through any server instance reaches the streams of every instance.
 */
export class LiveHub {
  private readonly byTag = new Map<string, Set<LiveClient>>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  /** The tags each stream follows now (`tags` when added, then `tagsNow`). */
  private readonly tagsOf = new Map<LiveClient, readonly string[]>();
  /** Streams whose tags are being asked again, and whether to ask once more after. */
  private readonly retagging = new Map<LiveClient, { again: boolean }>();
  private lost = false;
  private stopping = false;

  /**
   * Adds a stream: 'added', 'full' when its person already has the most allowed, 'stopping' once
   * the server is stopping (nothing is added then).
   */
  add(client: LiveClient): 'added' | 'full' | 'stopping' {
    if (this.stopping) return 'stopping';
    const own = this.byUser.get(client.userId) ?? new Set<LiveClient>();
    if (own.size >= MAX_STREAMS_PER_USER) return 'full';
    own.add(client);
    this.byUser.set(client.userId, own);
    this.follow(client, client.tags);
    return 'added';
  }

  remove(client: LiveClient): void {
    const own = this.byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) this.byUser.delete(client.userId);
    this.unfollow(client);
  }

  private follow(client: LiveClient, tags: readonly string[]): void {
    this.tagsOf.set(client, tags);
    for (const tag of tags) {
      const followers = this.byTag.get(tag) ?? new Set<LiveClient>();
      followers.add(client);
      this.byTag.set(tag, followers);
    }
  }

  private unfollow(client: LiveClient): void {
    for (const tag of this.tagsOf.get(client) ?? []) {
      const followers = this.byTag.get(tag);
      followers?.delete(client);
      if (followers?.size === 0) this.byTag.delete(tag);
    }
    this.tagsOf.delete(client);
  }

  /**
   * A stream whose person's record may have changed follows the tags it has now (a new home, say).
   * Their record is announced with every booking, timesheet or payment of theirs, so the tags are
   * asked one query at a time per stream, at most once a second: announcements meanwhile are
   * folded into one more ask.
   */
  private retag(client: LiveClient): void {
    const asking = this.retagging.get(client);
    if (asking) {
      asking.again = true;
      return;
    }
    const state = { again: false };
    this.retagging.set(client, state);
    void (async () => {
      do {
        state.again = false;
        const tags = await client.tagsNow?.().catch(() => undefined);
        if (tags && this.tagsOf.has(client)) {
          this.unfollow(client);
          this.follow(client, tags);
        }
        if (state.again)
          await new Promise((resolve) => setTimeout(resolve, RETAG_EVERY_MS).unref());
      } while (state.again && this.tagsOf.has(client));
      this.retagging.delete(client);
    })();
  }

  /** A payload of the change channel: a tag, 'all', or anything else (ignored). */
  notice(payload: string): void {
    if (payload.startsWith('user:')) {
      void this.checkSessions(payload.slice('user:'.length));
      return;
    }
    if (payload === 'all') {
      // A practice renamed: every board shows practice names.
      for (const [tag, followers] of this.byTag) {
        if (tag.startsWith('area:')) for (const client of followers) client.send('board');
      }
      return;
    }
    const topic = topicOf(payload);
    if (!topic) return;
    const followers = [...(this.byTag.get(payload) ?? [])];
    for (const client of followers) client.send(topic);
    if (payload.startsWith('professional:')) {
      for (const client of followers) if (client.tagsNow) this.retag(client);
    }
  }

  /**
   * The connection that hears announcements was lost (false) or is back (true): once back, every
   * page asks for everything again, since what changed meanwhile was not heard.
   */
  setListening(listening: boolean): void {
    if (!listening) {
      this.lost = true;
      return;
    }
    if (!this.lost) return;
    this.lost = false;
    for (const own of this.byUser.values()) for (const client of own) client.send('resync');
  }

  /** Ends every stream and takes no more (the server is stopping). */
  endAll(): void {
    this.stopping = true;
    for (const own of [...this.byUser.values()]) for (const client of [...own]) client.end();
    this.byTag.clear();
    this.byUser.clear();
    this.tagsOf.clear();
    this.retagging.clear();
  }

  /** How many streams are open. */
  get size(): number {
    let total = 0;
    for (const own of this.byUser.values()) total += own.size;
    return total;
  }

  /** After a change to a person's sessions: streams whose session ended are closed. */
  private async checkSessions(userId: string): Promise<void> {
    for (const client of [...(this.byUser.get(userId) ?? [])]) {
      if (!(await client.stillSignedIn().catch(() => true))) client.end('signed-out');
    }
  }
}

/** The live streams of the server using `db`. */
export const liveHubFor = perDatabase(() => new LiveHub());
