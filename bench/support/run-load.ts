import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  cookie?: string;
  body?: unknown;
  /** Names the request in runLoad's per-request samples (`onSample`), e.g. its endpoint. */
  label?: string;
}

/**
 * One request of a run, as `runLoad`'s `onSample` reports it: when it was sent and how long it
 * took (performance.now() milliseconds of this process), and its status; status null when no
 * answer came before the run ended (`timedOut` when it waited at least autocannon's timeout,
 * else the run's end cut it off, which is no failure).
 */
export interface LoadSample {
  label: string;
  sentAt: number;
  latencyMs: number;
  status: number | null;
  timedOut: boolean;
}

/** autocannon's default: a request not answered in 10 s is a timeout (the connection is reset). */
const TIMEOUT_SECONDS = 10;

export interface LoadResult {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failed: number;
  statusCounts: Record<string, number>;
  /** The first answer of each refused status with its body (what the product said). */
  refusals: Record<string, string>;
  note?: string;
  /** A write: seconds its queued after-commit work still took after its last answer. */
  afterCommitSeconds?: number;
  /** A write: its requests over its time and that after-commit time together. */
  withAfterCommitPerSecond?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/**
 * Runs one autocannon load: `next()` gives every request (so each can carry another session or
 * body), for `durationSeconds` or until `amount` requests were sent. Latencies are collected per
 * response so p95 can be reported next to autocannon's own figures.
 */
export async function runLoad(options: {
  name: string;
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  next: () => LoadRequest;
  amount?: number;
  /** Requests per second across all connections (open loop); unset: as fast as answered. */
  rate?: number;
  /**
   * Called with every request's own timing and status, tagged with its `label` (a mixed run's
   * endpoints measured apart); requests never answered are reported when the run ends.
   */
  onSample?: (sample: LoadSample) => void;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const refusals: Record<string, string> = {};
  // Requests sent and not answered yet (the per-connection context carries each one's tag).
  const inFlight = new Set<{ label: string; sentAt: number }>();
  const onSample = options.onSample;
  let instance!: autocannon.Instance;
  // The run's own clock: autocannon ends a run of `amount` requests only at its next whole-second
  // tick, so its duration counts up to a second in which nothing was sent.
  const startedAt = performance.now();
  let lastAnsweredAt = startedAt;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.baseUrl,
        // autocannon refuses more connections than requests (few applications left to send).
        connections: options.amount
          ? Math.min(options.connections, options.amount)
          : options.connections,
        duration: options.durationSeconds,
        ...(options.amount ? { amount: options.amount } : {}),
        ...(options.rate ? { overallRate: options.rate } : {}),
        timeout: TIMEOUT_SECONDS,
        requests: [
          {
            setupRequest: (request, context) => {
              const next = options.next();
              if (onSample) {
                const tag = { label: next.label ?? options.name, sentAt: performance.now() };
                inFlight.add(tag);
                (context as { tag?: typeof tag }).tag = tag;
              }
              const headers: Record<string, string> = { origin: options.baseUrl };
              if (next.cookie) headers.cookie = next.cookie;
              if (next.body !== undefined) headers['content-type'] = 'application/json';
              return {
                ...request,
                method: next.method,
                path: next.path,
                headers,
                body: next.body === undefined ? undefined : JSON.stringify(next.body),
              };
            },
            onResponse: (status, body, context) => {
              if (status >= 300 && !(status in refusals)) refusals[status] = body.slice(0, 300);
              const tag = (context as { tag?: { label: string; sentAt: number } }).tag;
              if (onSample && tag && inFlight.delete(tag)) {
                const latencyMs = performance.now() - tag.sentAt;
                onSample({ ...tag, latencyMs, status, timedOut: false });
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  // A request ends with its answer, or with its error or timeout (counted among the failures).
  instance.on('reqError', () => (lastAnsweredAt = performance.now()));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    lastAnsweredAt = performance.now();
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
  const result = await finished;
  const ended = performance.now();
  for (const tag of inFlight) {
    const latencyMs = ended - tag.sentAt;
    onSample!({ ...tag, latencyMs, status: null, timedOut: latencyMs >= TIMEOUT_SECONDS * 1000 });
  }
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  const non2xx = Object.entries(statusCounts)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const summary: LoadResult = {
    name: options.name,
    requests,
    // From the start to the last request's end (a run of `amount` requests ends with it; a timed
    // run with its window, as autocannon counts it).
    requestsPerSecond:
      requests /
      (options.amount && lastAnsweredAt > startedAt
        ? (lastAnsweredAt - startedAt) / 1000
        : result.duration || options.durationSeconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // autocannon counts its timeouts among its errors: each failed request is counted once.
    failed: non2xx + result.errors,
    statusCounts,
    refusals,
  };
  console.log(
    `${summary.name}: ${summary.requestsPerSecond.toFixed(0)} req/s, p50 ${summary.p50} ms, ` +
      `p95 ${summary.p95} ms, p99 ${summary.p99} ms, failed ${summary.failed} ${JSON.stringify(statusCounts)}`,
  );
  for (const [status, body] of Object.entries(refusals)) console.log(`  first ${status}: ${body}`);
  return summary;
}
