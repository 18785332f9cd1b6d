import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { perDatabase } from '../db/per-database';

/** The channel the database's triggers announce changes on (migration 0011). */
export const CHANGE_NOTICE_CHANNEL = 'chairfill_changes';

/** An answer is recomputed at least this often, whatever is announced. */
const MAX_AGE_MS = 5 * 60_000;
/** Memory for kept answers per server; the least recently read go first. */
const MAX_BYTES = 64 * 1024 * 1024;
/** How long `catchUp` waits for its own announcement before forgetting everything instead. */
const CATCH_UP_MS = 2_000;
/** The payloads `catchUp` sends itself: an end marker, not a change. */
const MARKER = 'caught-up:';
/**
 * Tags whose last announcement is remembered (for answers being computed meanwhile); past this,
 * they are all forgotten at once and whatever was being computed then is simply not kept.
 */
const MAX_REMEMBERED_TAGS = 100_000;

/** The tag of a user's own answers ('user:<id>'), announced too when their account changes. */
const USER_TAG = 'user:';

/** The tag of a user's kept sessions: forgotten when their account or a session changes. */
export function accountTag(userId: string): string {
  return `account:${userId}`;
}

/**
 * What the kept answers of one kind (a key's part before its first '|': 'session', a kept read's
 * name) did since the counts were last taken (`takeCounts`).
 */
export interface KeptAnswerKindCounts {
  /** Reads answered from memory. */
  hits: number;
  /** Answers computed while announcements were received (one per key at a time). */
  computed: number;
  /** Answers computed while announcements were not trusted (nothing kept then). */
  computedUntrusted: number;
  /** Computed answers not kept: one of their tags was announced while they were computed. */
  notKeptAnnounced: number;
  /** Computed answers not kept: parts of them were still being computed (a cold start). */
  notKeptIncomplete: number;
  /** Kept answers dropped because a listed shift started (or five minutes passed). */
  expired: number;
  /** Kept answers dropped by an announcement of one of their tags. */
  droppedByAnnouncement: number;
}

/** What the kept answers did since the counts were last taken, by kind. */
export interface KeptAnswerCounts {
  byKind: Record<string, KeptAnswerKindCounts>;
  /** Times everything was forgotten ('all', or the listening connection lost). */
  forgotAll: number;
  /** Times a catch-up marker was not heard in time (announcements then not trusted). */
  markersMissed: number;
}

const noKindCounts = (): KeptAnswerKindCounts => ({
  hits: 0,
  computed: 0,
  computedUntrusted: 0,
  notKeptAnnounced: 0,
  notKeptIncomplete: 0,
  expired: 0,
  droppedByAnnouncement: 0,
});

const noCounts = (): KeptAnswerCounts => ({ byKind: {}, forgotAll: 0, markersMissed: 0 });

/** A computed answer and what it depends on. */
export interface Answer {
  /** The JSON, as sent. */
  body: string;
  /**
   * The announcements that make it out of date: 'area:<position>:<row>:<column>' (a shift's
   * area, decision record 042), 'practice:<id>', 'professional:<id>' (migration 0011's triggers),
   * 'user:<id>' (the user's own requests) and accountTag (their sessions).
   */
  tags: string[];
  /** When it goes out of date by itself (a listed shift starts), in epoch milliseconds. */
  expiresAt: number;
  /**
   * Parts of it were still being computed when it was answered (a cold start): it is sent but
   * not kept, so the next read has the parts computed since.
   */
  incomplete?: boolean;
}

/**
 * Answers of the hot portal reads (Find Shifts, the practice dashboard) kept in memory, so that
 * reading again what did not change is not computed again (decision record 011). What changes an
 * answer is announced by the database on commit (migration 0011's triggers, received through
 * LISTEN): shifts of a position or of a practice, a practice's name, a professional's record,
 * applications and bookings, ratings. The server also forgets a user's answers as soon as one of
 * their own requests changes something, so their next read never waits for the announcement.
 *
 * Nothing is kept or answered from memory unless the announcements are being received: when the
 * connection that receives them is lost, everything is forgotten until it is back. An answer
 * computed while one of its own tags (or 'all') was announced is not kept (it may predate the
 * change); announcements of other tags do not concern it, so a busy market (writes announcing
 * all the time) still keeps the answers they do not touch.
 */
export class KeptAnswers {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;
  private listening = false;
  /** Our own marker was not heard in time: announcements may be lost (a pooler in between). */
  private deaf = false;
  /** Counts announcements; `begin` hands out its value. */
  private sequence = 0;
  /** The sequence of the last announcement that concerns every answer ('all', listening lost). */
  private allAt = 0;
  /** The sequence at which each tag was last announced. */
  private readonly tagAt = new Map<string, number>();
  /** The keys of the answers kept under each tag, so an announcement drops just those. */
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly markers = new Map<string, (heard: boolean) => void>();
  /**
   * Answers being computed, by key: a request for the same key meanwhile waits for it. `begunAt`
   * is the count of requests that had asked (`asked`) when it began: its answer is fresh for
   * each of them, kept or not.
   */
  private readonly computing = new Map<string, { job: Promise<string>; begunAt: number }>();
  /** Counts the requests `answer` could not answer from memory. */
  private asked = 0;
  /** The marker callers of `catchUp` wait for, while it is not sent yet. */
  private nextRound: Promise<void> | undefined;
  private counts = noCounts();

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private clock: () => number = Date.now,
    private readonly catchUpMs = CATCH_UP_MS,
  ) {}

  /**
   * Measures expiry on the server's market clock (startServer; clock.ts): an answer kept until a
   * shift's start expires at that start in market time, also when the clock is moved.
   */
  useClock(clock: () => number): void {
    this.clock = clock;
  }

  /** The answer kept under `key`, or else `compute`'s, kept when nothing was announced meanwhile. */
  async answer(key: string, compute: () => Promise<Answer>): Promise<string> {
    const kept = this.read(key);
    if (kept !== undefined) return kept;
    if (!this.listening || this.deaf) {
      this.countFor(key).computedUntrusted += 1;
      return (await compute()).body;
    }
    const ticket = (this.asked += 1);
    // The same answer being computed for another request (a cold start, a busy board): wait for
    // it. Begun after this request came, its answer is as fresh as one computed for it; begun
    // before, only if it was kept (nothing it depends on was announced since it began). Else
    // wait for the computation one of the other waiting requests began since, or begin it: one
    // computation a key at a time, also while announcements keep the answers from being kept
    // (each waiting request computing its own made a busy board slower the more it was asked).
    for (let running = this.computing.get(key); running; running = this.computing.get(key)) {
      const body = await running.job.catch(() => undefined);
      if (body !== undefined && running.begunAt >= ticket) return body;
      const shared = this.read(key);
      if (shared !== undefined) return shared;
    }
    const computation = { job: this.computeAndKeep(key, compute), begunAt: this.asked };
    this.computing.set(key, computation);
    try {
      return await computation.job;
    } finally {
      if (this.computing.get(key) === computation) this.computing.delete(key);
    }
  }

  private async computeAndKeep(key: string, compute: () => Promise<Answer>): Promise<string> {
    const begun = this.begin();
    this.countFor(key).computed += 1;
    const computed = await compute();
    this.keep(key, computed, begun);
    return computed.body;
  }

  /** What to hand to `keep` for an answer about to be computed. */
  begin(): number {
    return this.sequence;
  }

  read(key: string): string | undefined {
    if (!this.listening || this.deaf) return undefined;
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt <= this.clock()) {
      this.countFor(key).expired += 1;
      this.drop(key, kept);
      return undefined;
    }
    // Most recently read last: eviction takes from the front.
    this.answers.delete(key);
    this.answers.set(key, kept);
    this.countFor(key).hits += 1;
    return kept.body;
  }

  /** Keeps `answer` unless one of its tags (or 'all') was announced since `begun` (from `begin`). */
  keep(key: string, answer: Answer, begun: number): void {
    if (!this.listening || this.deaf) return;
    if (answer.incomplete) {
      this.countFor(key).notKeptIncomplete += 1;
      return;
    }
    if (this.allAt > begun || answer.tags.some((tag) => (this.tagAt.get(tag) ?? 0) > begun)) {
      this.countFor(key).notKeptAnnounced += 1;
      return;
    }
    const size = answer.body.length * 2;
    if (size > this.maxBytes) return;
    const previous = this.answers.get(key);
    if (previous) this.drop(key, previous);
    const expiresAt = Math.min(this.clock() + MAX_AGE_MS, answer.expiresAt);
    this.answers.set(key, { ...answer, expiresAt });
    this.bytes += size;
    for (const tag of answer.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest, kept] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, kept);
    }
  }

  /**
   * Returns once every announcement committed before the call has been received (and its
   * answers forgotten): a marker is announced and waited for, and announcements arrive in commit
   * order. The server calls it after each state-changing request, so that the change is in every
   * answer read from this server after the response, whoever reads it. The server also calls it
   * every few seconds: a marker not heard in time means announcements may be getting lost, and
   * nothing is kept or answered from memory until a marker is heard again.
   */
  catchUp(db: Database): Promise<void> {
    if (!this.listening) return Promise.resolve();
    // Calls made before the next marker is sent share it: it is announced after each of them
    // was called, so it follows every commit they wait for. Many writes answered at once (a
    // busy server) then cost one marker, not one each.
    this.nextRound ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextRound = undefined;
      return this.announceMarker(db);
    });
    return this.nextRound;
  }

  private async announceMarker(db: Database): Promise<void> {
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => this.markers.set(marker, resolve));
    try {
      await queryRows(db, sql`select pg_notify(${CHANGE_NOTICE_CHANNEL}, ${MARKER + marker})`);
      // Counted from its commit: waiting for a pooled connection (a busy server) says nothing of
      // whether announcements arrive.
      timer = setTimeout(() => this.markers.get(marker)?.(false), this.catchUpMs);
      if (!(await heard)) this.stopTrusting();
    } catch {
      // The database did not take the marker: whatever was announced, nothing kept is trusted.
      this.notice('all');
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }

  /** A payload of the channel: 'all', a tag, or a `catchUp` marker. */
  notice(payload: string): void {
    if (payload.startsWith(MARKER)) {
      // Announcements arrive again, in order: what is computed from now on may be kept.
      if (this.deaf) {
        this.deaf = false;
        this.concernsAll();
      }
      this.markers.get(payload.slice(MARKER.length))?.(true);
      return;
    }
    if (payload === 'all') {
      this.concernsAll();
      return this.clear();
    }
    this.concerns(payload);
    // The database announces 'user:<id>' when the user's account or one of their sessions
    // changes (migrations 0012, 0030): that is what their kept sessions depend on.
    if (payload.startsWith(USER_TAG)) this.concerns(accountTag(payload.slice(USER_TAG.length)));
  }

  /** An announcement of one tag: its answers are forgotten, and not kept if being computed. */
  private concerns(tag: string): void {
    this.sequence += 1;
    this.tagAt.set(tag, this.sequence);
    // Remembering every tag ever announced would grow without end: past the limit, forget them
    // all and count it as announced to all (what is being computed now is then not kept).
    if (this.tagAt.size > MAX_REMEMBERED_TAGS) {
      this.tagAt.clear();
      this.allAt = this.sequence;
    }
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      this.countFor(key).droppedByAnnouncement += 1;
      this.drop(key, this.answers.get(key)!);
    }
  }

  /** An announcement that concerns every answer, kept or being computed. */
  private concernsAll(): void {
    this.sequence += 1;
    this.allAt = this.sequence;
    this.tagAt.clear();
  }

  /**
   * A change this server learned of by itself, not announced by the database (a practice's
   * scorecard computed again here): the answers tagged with it are forgotten, and not kept if
   * being computed.
   */
  forget(tag: string): void {
    this.concerns(tag);
  }

  /**
   * After a request of this user changed something: their next reads are computed afresh. Their
   * kept sessions stay: a request that changes the account or a session has its announcement
   * received before it is answered (`catchUp`), and that forgets them.
   */
  forgetUser(userId: string): void {
    this.concerns(`${USER_TAG}${userId}`);
  }

  /** The user's account or session changed here: their sessions and answers are read afresh. */
  forgetAccount(userId: string): void {
    this.notice(`${USER_TAG}${userId}`);
  }

  /** Announcements are received (true) or their connection is lost (false). */
  setListening(listening: boolean): void {
    this.concernsAll();
    this.listening = listening;
    this.deaf = false;
    this.clear();
    // Markers sent on a lost connection never arrive: nothing is kept now anyway.
    for (const heard of this.markers.values()) heard(true);
  }

  get size(): number {
    return this.answers.size;
  }

  /** Whether announcements are being received (the listening connection is made). */
  get isListening(): boolean {
    return this.listening;
  }

  /** What happened since the last call (the load benchmark reads it around each run). */
  takeCounts(): KeptAnswerCounts {
    const counts = this.counts;
    this.counts = noCounts();
    return counts;
  }

  private countFor(key: string): KeptAnswerKindCounts {
    const kind = key.split('|', 1)[0]!;
    return (this.counts.byKind[kind] ??= noKindCounts());
  }

  private stopTrusting(): void {
    this.counts.markersMissed += 1;
    this.deaf = true;
    this.notice('all');
  }

  private drop(key: string, kept: Answer): void {
    this.answers.delete(key);
    this.bytes -= kept.body.length * 2;
    for (const tag of kept.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private clear(): void {
    this.counts.forgotAll += 1;
    this.answers.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }
}

/** The kept answers of the server using `db` (one per database handle; inert until it listens). */
export const keptAnswersFor = perDatabase(() => new KeptAnswers());
