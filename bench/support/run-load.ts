import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  cookie?: string;
  body?: unknown;
}

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
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const refusals: Record<string, string> = {};
  let instance!: autocannon.Instance;
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
        requests: [
          {
            setupRequest: (request) => {
              const next = options.next();
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
            onResponse: (status, body) => {
              if (status >= 300 && !(status in refusals)) refusals[status] = body.slice(0, 300);
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
  const result = await finished;
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  const non2xx = Object.entries(statusCounts)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const summary: LoadResult = {
    name: options.name,
    requests,
    requestsPerSecond: requests / (result.duration || options.durationSeconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: non2xx + result.errors + result.timeouts,
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
