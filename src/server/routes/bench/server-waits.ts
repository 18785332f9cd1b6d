import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import {
  createHistogram,
  performance,
  PerformanceObserver,
  type RecordableHistogram,
} from 'node:perf_hooks';
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

/**
 * Where a route's requests spent their time in the server, mean milliseconds per request: in
 * database statements (from sending one to reading its answer, the server's lateness in reading
 * it included), waiting for a pool connection, waiting for the catch-up marker, and the rest (the
 * server's own work, and awaits on anything else).
 */
export interface RouteTimeShares {
  statements: number;
  /** Statements per request, on average. */
  statementsPerRequest: number;
  connectionWait: number;
  catchUp: number;
  rest: number;
}

/** What requests waited for inside the server since the last read (GET /api/bench/server-waits). */
export interface ServerWaits {
  /** Each /api request's time in the server, from its first middleware to its answer. */
  requests: MsSummary;
  /** The same by route ('GET /api/practice/shifts/:id', ids replaced), most requests first. */
  byRoute: Array<{ route: string; split: RouteTimeShares } & MsSummary>;
  /** Each state-changing request's wait for its catch-up marker (after its answer was made). */
  catchUps: MsSummary;
  pool: PoolWaits;
  /** The garbage collector's pauses of the server's thread: how many, their total and longest. */
  gc: { pauses: number; totalMs: number; maxMs: number };
  /**
   * Share of the time the server's thread was busy running callbacks (0-1, Node's event loop
   * utilization): near 1, every answer from the database waits for the thread to be free.
   */
  threadBusy: number;
}

/** One request's time in statements and waits, added up while it runs (`ServerWaitsRecorder.run`). */
interface RequestTimes {
  statements: number;
  statementMs: number;
  connectionWaitMs: number;
  catchUpMs: number;
}

type Callback = (...args: unknown[]) => void;

/** A node-postgres client as far as this times it: its `query` is wrapped once. */
interface TimedClient {
  query: (...args: unknown[]) => unknown;
  timedForWaits?: true;
}

/** The node-postgres pool's counters this reads (`db.$client` on PostgreSQL). */
interface PoolCounters {
  options?: { max?: number };
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  /** Set once `end()` was called: the sampling stops. */
  ending?: boolean;
  on(event: 'acquire', listener: (client: TimedClient) => void): unknown;
  connect: (...args: unknown[]) => unknown;
}

/** The route's running sums behind `RouteTimeShares`. */
interface RouteTotals {
  histogram: RecordableHistogram;
  statements: number;
  statementMs: number;
  connectionWaitMs: number;
  catchUpMs: number;
  totalMs: number;
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

/** A route's sums as means per request. */
function shares(totals: RouteTotals): RouteTimeShares {
  const n = totals.histogram.count || 1;
  const ms = (sum: number) => Math.round((sum / n) * 10) / 10;
  const rest = totals.totalMs - totals.statementMs - totals.connectionWaitMs - totals.catchUpMs;
  return {
    statements: ms(totals.statementMs),
    statementsPerRequest: ms(totals.statements),
    connectionWait: ms(totals.connectionWaitMs),
    catchUp: ms(totals.catchUpMs),
    rest: ms(Math.max(0, rest)),
  };
}

/**
 * Where requests wait inside one server (the load and soak benchmarks, BENCH_ROUTES only): the
 * whole time each request spent in the server, the wait for catch-up markers after writes, and
 * the requests' pool, sampled from the first read on.
 */
export class ServerWaitsRecorder {
  private requests = createHistogram();
  private byRoute = new Map<string, RouteTotals>();
  private readonly current = new AsyncLocalStorage<RequestTimes>();
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
  private utilization = performance.eventLoopUtilization();

  constructor(db: Database) {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client && typeof (client as PoolCounters).waitingCount === 'number') {
      this.pool = client as PoolCounters;
      this.timeConnectionWaits(this.pool);
      this.pool.on('acquire', (pooled) => {
        this.acquired += 1;
        this.timeStatements(pooled);
      });
    }
  }

  /** Runs one request, adding up its statements and waits; then records it under its route. */
  async run(method: string, path: string, handle: () => Promise<void>): Promise<void> {
    const started = performance.now();
    const times: RequestTimes = {
      statements: 0,
      statementMs: 0,
      connectionWaitMs: 0,
      catchUpMs: 0,
    };
    await this.current.run(times, handle);
    this.recordRequest(method, path, performance.now() - started, times);
  }

  /** Runs `fn` outside the request's times (the catch-up: its marker's statement is its own). */
  untimed<T>(fn: () => T): T {
    return this.current.exit(fn);
  }

  recordCatchUp(ms: number): void {
    this.catchUps.record(Math.max(1, Math.round(ms * 1000)));
    const times = this.current.getStore();
    if (times) times.catchUpMs += ms;
  }

  private recordRequest(method: string, path: string, ms: number, times: RequestTimes): void {
    const us = Math.max(1, Math.round(ms * 1000));
    this.requests.record(us);
    const route = `${method} ${path.replace(ID_IN_PATH, '/:id')}`;
    let totals = this.byRoute.get(route);
    if (!totals) {
      if (this.byRoute.size >= MAX_ROUTES) return;
      totals = {
        histogram: createHistogram(),
        statements: 0,
        statementMs: 0,
        connectionWaitMs: 0,
        catchUpMs: 0,
        totalMs: 0,
      };
      this.byRoute.set(route, totals);
    }
    totals.histogram.record(us);
    totals.statements += times.statements;
    totals.statementMs += times.statementMs;
    totals.connectionWaitMs += times.connectionWaitMs;
    totals.catchUpMs += times.catchUpMs;
    totals.totalMs += ms;
  }

  /**
   * Times each wait for a pool connection for the request that asked. The callback is bound to
   * the asking request: a connection freed by another request hands itself over in that one's turn.
   */
  private timeConnectionWaits(pool: PoolCounters): void {
    const connect = pool.connect.bind(pool);
    const current = this.current;
    pool.connect = (...args: unknown[]) => {
      const times = current.getStore();
      if (!times) return connect(...args);
      const asked = performance.now();
      const callback = args[0];
      if (typeof callback === 'function') {
        const bound = AsyncResource.bind(callback as Callback);
        return connect((...answer: unknown[]) => {
          times.connectionWaitMs += performance.now() - asked;
          bound(...answer);
        });
      }
      return (connect() as Promise<unknown>).finally(() => {
        times.connectionWaitMs += performance.now() - asked;
      });
    };
  }

  /** Times each statement a pooled connection runs, for the request that sent it. */
  private timeStatements(client: TimedClient): void {
    if (client.timedForWaits) return;
    client.timedForWaits = true;
    const query = client.query.bind(client);
    const current = this.current;
    client.query = (...args: unknown[]) => {
      const times = current.getStore();
      if (!times) return query(...args);
      const sent = performance.now();
      times.statements += 1;
      const done = () => (times.statementMs += performance.now() - sent);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (...answer: unknown[]) => {
          done();
          callback(...answer);
        };
        return query(...args);
      }
      const answer = query(...args);
      if (answer && typeof (answer as Promise<unknown>).then === 'function') {
        (answer as Promise<unknown>).then(done, done);
      }
      return answer;
    };
  }

  /** The waits since the last read, then counted afresh (the pool sampled from the first read). */
  take(): ServerWaits {
    this.startSampling();
    const pool = this.pool;
    const spanMs = this.sampledMs || 1;
    const waits: ServerWaits = {
      requests: summary(this.requests),
      byRoute: [...this.byRoute]
        .map(([route, totals]) => ({ route, ...summary(totals.histogram), split: shares(totals) }))
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
      threadBusy:
        Math.round(performance.eventLoopUtilization(this.utilization).utilization * 1000) / 1000,
    };
    this.gc = { pauses: 0, totalMs: 0, maxMs: 0 };
    this.utilization = performance.eventLoopUtilization();
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
