import type { ShiftBoardQuery } from '@shared/matching/shift-board';
import type { ShiftPosition } from '@shared/practice/shifts';
import type { Database } from '../../db/client';

/** The channel the database's triggers announce board changes on (migration 0011). */
export const BOARD_NOTICE_CHANNEL = 'chairfill_board';

/** An answer is recomputed at least this often, whatever is announced. */
const MAX_AGE_MS = 5 * 60_000;
/** Memory for kept answers per server; the least recently read go first. */
const MAX_BYTES = 64 * 1024 * 1024;

export interface KeptBoard {
  /** The answer's JSON, as sent. */
  body: string;
  userId: string;
  professionalId: string;
  position: ShiftPosition;
  /** When the first listed shift starts (it leaves the board then), or sooner. */
  expiresAt: number;
}

/**
 * Find Shifts answers kept in memory, so a professional who opens the board again, or another
 * tab, is not matched against the whole market again when nothing that decides their board
 * changed (decision record 011). What changes a board is announced by the database on commit
 * (migration 0011's triggers, received through LISTEN): shifts of a position, a practice's
 * name, the professional's own record, applications and bookings. The server also forgets a
 * professional's boards as soon as one of their own requests changes something, so their next
 * read never waits for the announcement.
 *
 * Nothing is kept or answered from memory unless the announcements are being received: when the
 * connection that receives them is lost, everything is forgotten until it is back. An answer
 * computed while any announcement arrived is not kept (it may predate the change).
 */
export class ShiftBoardCache {
  private readonly boards = new Map<string, KeptBoard>();
  private bytes = 0;
  private listening = false;
  private generation = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly clock: () => number = Date.now,
  ) {}

  static key(userId: string, query: ShiftBoardQuery): string {
    return `${userId}|${query.maxDistance ?? ''}|${query.includeBelowMinimum}`;
  }

  /** What to hand back to `keep`: answers computed across an announcement are not kept. */
  begin(): number {
    return this.generation;
  }

  read(key: string): string | undefined {
    if (!this.listening) return undefined;
    const kept = this.boards.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt <= this.clock()) {
      this.drop(key, kept);
      return undefined;
    }
    // Most recently read last: eviction takes from the front.
    this.boards.delete(key);
    this.boards.set(key, kept);
    return kept.body;
  }

  keep(key: string, board: Omit<KeptBoard, 'expiresAt'>, firstStart: number, begun: number) {
    if (!this.listening || begun !== this.generation) return;
    const size = board.body.length * 2;
    if (size > this.maxBytes) return;
    const previous = this.boards.get(key);
    if (previous) this.drop(key, previous);
    const expiresAt = Math.min(this.clock() + MAX_AGE_MS, firstStart);
    this.boards.set(key, { ...board, expiresAt });
    this.bytes += size;
    for (const [oldest, kept] of this.boards) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, kept);
    }
  }

  /** A payload of the board channel: 'all', 'position:<position>' or 'professional:<id>'. */
  notice(payload: string): void {
    this.generation += 1;
    if (payload === 'all') return this.clear();
    const [kind, value] = splitOnce(payload, ':');
    if (kind === 'position') this.dropWhere((kept) => kept.position === value);
    else if (kind === 'professional') this.dropWhere((kept) => kept.professionalId === value);
    else this.clear();
  }

  /** After a request of this user changed something: their next read is computed afresh. */
  forgetUser(userId: string): void {
    this.generation += 1;
    this.dropWhere((kept) => kept.userId === userId);
  }

  /** Announcements are received (true) or their connection is lost (false). */
  setListening(listening: boolean): void {
    this.generation += 1;
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.boards.size;
  }

  private dropWhere(matches: (kept: KeptBoard) => boolean): void {
    for (const [key, kept] of this.boards) if (matches(kept)) this.drop(key, kept);
  }

  private drop(key: string, kept: KeptBoard): void {
    this.boards.delete(key);
    this.bytes -= kept.body.length * 2;
  }

  private clear(): void {
    this.boards.clear();
    this.bytes = 0;
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

const cachesByDatabase = new WeakMap<Database, ShiftBoardCache>();

/** The cache of the server using `db` (one per database handle; inert until it listens). */
export function shiftBoardCacheFor(db: Database): ShiftBoardCache {
  let cache = cachesByDatabase.get(db);
  if (!cache) {
    cache = new ShiftBoardCache();
    cachesByDatabase.set(db, cache);
  }
  return cache;
}
