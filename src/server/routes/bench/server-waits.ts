import { createHistogram, PerformanceObserver, type RecordableHistogram } from 'node:perf_hooks';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';

/** A distribution of milliseconds: how many, median, 99th percentile, longest, mean. */
export interface MsSummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The requests' connection pool over a span of time, sampled every few milliseconds: how many
 * connections were in use, how often requests waited for one and for how long.
 */
export interface PoolWaits {
  /** The pool's size (PostgreSQL); 0 on PGlite, which has no pool. */
  size: number;
  /** Connections handed out. */
  acquired: number;
  /** Connections in use, on average and at most. */
  meanInUse: number;
  maxInUse: number;
  /** Share of the time at least one query waited for a connection (0-1). */
  shareWithWaiters: number;
  /** Queries waiting for a connection at most at once. */
  maxWaiting: number;
  /**
   * Mean milliseconds a connection was waited for per connection handed out (Little's law: the
   * time-integral of the waiting queue over the connections handed out).
   */
  meanWaitMs: number;
}

/** What requests waited for inside the server since the last read (GET /api/bench/server-waits). */
export interface ServerWaits {
  /** Each /api request's time in the server, from its first middleware to its answer. */
  requests: MsSummary;
  /** The same by route ('GET /api/practice/shifts/:id', ids replaced), most requests first. */
  byRoute: Array<{ route: string } & MsSummary>;
  /** Each state-changing request's wait for its catch-up marker (after its answer was made). */
  catchUps: MsSummary;
  pool: PoolWaits;
  /** The garbage collector's pauses of the server's thread: how many, their total and longest. */
  gc: { pauses: number; totalMs: number; maxMs: number };
}

/** The node-postgres pool's counters this reads (`db.$client` on PostgreSQL). */
interface PoolCounters {
  options?: { max?: number };
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  /** Set once `end()` was called: the sampling stops. */
  ending?: boolean;
  on(event: 'acquire', listener: () => void): unknown;
}

const SAMPLE_EVERY_MS = 2;
/** A path segment that is an id (a UUID or a number): counted under ':id'. */
const ID_IN_PATH =
  /\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|$)/gi;
/** Routes counted apart at most (a client inventing paths cannot grow the map further). */
const MAX_ROUTES = 200;

/** Histograms record whole numbers: microseconds here, summarised in milliseconds. */
function summary(histogram: RecordableHistogram): MsSummary {
  const ms = (us: number) => Math.round(us / 100) / 10;
  const count = histogram.count;
  return {
    count,
    p50: count ? ms(histogram.percentile(50)) : 0,
    p99: count ? ms(histogram.percentile(99)) : 0,
    max: count ? ms(histogram.max) : 0,
    mean: count ? ms(histogram.mean) : 0,
  };
}

/**
 * Where requests wait inside one server (the load and soak benchmarks, BENCH_ROUTES only): the
 * whole time each request spent in the server, the wait for catch-up markers after writes, and
 * the requests' pool, sampled from the first read on.
 */
export class ServerWaitsRecorder {
  private requests = createHistogram();
  private byRoute = new Map<string, RecordableHistogram>();
  private catchUps = createHistogram();
  private pool: PoolCounters | undefined;
  private sampler: NodeJS.Timeout | undefined;
  private acquired = 0;
  private sampledMs = 0;
  private inUseMs = 0;
  private waitingMs = 0;
  private withWaitersMs = 0;
  private maxInUse = 0;
  private maxWaiting = 0;
  private lastSample = 0;
  private gc = { pauses: 0, totalMs: 0, maxMs: 0 };
  private gcObserver: PerformanceObserver | undefined;

  constructor(db: Database) {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client && typeof (client as PoolCounters).waitingCount === 'number') {
      this.pool = client as PoolCounters;
      this.pool.on('acquire', () => (this.acquired += 1));
    }
  }

  recordRequest(method: string, path: string, ms: number): void {
    const us = Math.max(1, Math.round(ms * 1000));
    this.requests.record(us);
    const route = `${method} ${path.replace(ID_IN_PATH, '/:id')}`;
    let histogram = this.byRoute.get(route);
    if (!histogram) {
      if (this.byRoute.size >= MAX_ROUTES) return;
      histogram = createHistogram();
      this.byRoute.set(route, histogram);
    }
    histogram.record(us);
  }

  recordCatchUp(ms: number): void {
    this.catchUps.record(Math.max(1, Math.round(ms * 1000)));
  }

  /** The waits since the last read, then counted afresh (the pool sampled from the first read). */
  take(): ServerWaits {
    this.startSampling();
    const pool = this.pool;
    const spanMs = this.sampledMs || 1;
    const waits: ServerWaits = {
      requests: summary(this.requests),
      byRoute: [...this.byRoute]
        .map(([route, histogram]) => ({ route, ...summary(histogram) }))
        .sort((a, b) => b.count - a.count),
      catchUps: summary(this.catchUps),
      pool: {
        size: pool?.options?.max ?? 0,
        acquired: this.acquired,
        meanInUse: Math.round((this.inUseMs / spanMs) * 10) / 10,
        maxInUse: this.maxInUse,
        shareWithWaiters: Math.round((this.withWaitersMs / spanMs) * 1000) / 1000,
        maxWaiting: this.maxWaiting,
        meanWaitMs: this.acquired ? Math.round((this.waitingMs / this.acquired) * 100) / 100 : 0,
      },
      gc: {
        pauses: this.gc.pauses,
        totalMs: Math.round(this.gc.totalMs),
        maxMs: Math.round(this.gc.maxMs * 10) / 10,
      },
    };
    this.gc = { pauses: 0, totalMs: 0, maxMs: 0 };
    this.requests = createHistogram();
    this.byRoute = new Map();
    this.catchUps = createHistogram();
    this.acquired = 0;
    this.sampledMs = this.inUseMs = this.waitingMs = this.withWaitersMs = 0;
    this.maxInUse = this.maxWaiting = 0;
    return waits;
  }

  private startSampling(): void {
    if (!this.gcObserver) {
      this.gcObserver = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          this.gc.pauses += 1;
          this.gc.totalMs += entry.duration;
          this.gc.maxMs = Math.max(this.gc.maxMs, entry.duration);
        }
      });
      this.gcObserver.observe({ entryTypes: ['gc'] });
    }
    const pool = this.pool;
    if (!pool || this.sampler) return;
    this.lastSample = performance.now();
    this.sampler = setInterval(() => {
      if (pool.ending) {
        clearInterval(this.sampler);
        return;
      }
      const now = performance.now();
      // Each sample stands for the time since the one before (longer when the thread was busy).
      const span = now - this.lastSample;
      this.lastSample = now;
      const inUse = pool.totalCount - pool.idleCount;
      const waiting = pool.waitingCount;
      this.sampledMs += span;
      this.inUseMs += inUse * span;
      this.waitingMs += waiting * span;
      if (waiting > 0) this.withWaitersMs += span;
      this.maxInUse = Math.max(this.maxInUse, inUse);
      this.maxWaiting = Math.max(this.maxWaiting, waiting);
    }, SAMPLE_EVERY_MS);
    this.sampler.unref();
  }
}

/** One recorder per database (so per server: each test server has its own database). */
export const serverWaitsFor = perDatabase((db) => new ServerWaitsRecorder(db));
