import type { ServerWaits } from '../../src/server/routes/bench/server-waits';
import type { KeptAnswerCounts } from '../../src/server/services/kept-answers';
import { eventLoopDelaySinceLastRead, type EventLoopDelay } from './event-loop';
import { keptAnswersSinceLastRead } from './kept-answer-counts';
import { processCpuMsOf } from './process-cpu';

/**
 * Where requests waited inside the server since the last read (GET /api/bench/server-waits,
 * BENCH_ROUTES=true); counted afresh at each read, so read before and after a run.
 */
export async function serverWaitsSinceLastRead(baseUrl: string): Promise<ServerWaits> {
  const res = await fetch(`${baseUrl}/api/bench/server-waits`);
  if (!res.ok) throw new Error(`GET /api/bench/server-waits answered ${res.status}`);
  return (await res.json()) as ServerWaits;
}

/** The CPU the server's process and this benchmark's own process used over a run. */
export interface RunCpu {
  /** Milliseconds of wall time the run took. */
  wallMs: number;
  /** CPU of the server's process (its one JavaScript thread and Node's helpers), ms. */
  serverMs: number;
  /** CPU of this process (the load generator), ms. */
  benchmarkMs: number;
}

/** Starts counting CPU for a run; the returned function ends it. */
export function startRunCpu(serverPid: number): () => RunCpu {
  const started = performance.now();
  const serverBefore = processCpuMsOf(serverPid) ?? 0;
  const benchmarkBefore = process.cpuUsage();
  return () => {
    const benchmark = process.cpuUsage(benchmarkBefore);
    return {
      wallMs: performance.now() - started,
      serverMs: (processCpuMsOf(serverPid) ?? serverBefore) - serverBefore,
      benchmarkMs: (benchmark.user + benchmark.system) / 1000,
    };
  };
}

const percentOfACore = (ms: number, wallMs: number) =>
  `${Math.round((ms / Math.max(1, wallMs)) * 100)} %`;

/** A Markdown table: per run, where its requests waited inside the server and the CPU used. */
export function serverWaitsMarkdown(
  runs: Array<{ name: string; waits: ServerWaits; cpu?: RunCpu }>,
): string[] {
  if (runs.length === 0) return [];
  return [
    '## Where requests waited inside the server',
    '',
    "From the server (`GET /api/bench/server-waits`): each request's time from its first middleware to its answer (a latency measured by the benchmark above this is spent outside: in the sockets' queues or waiting for the thread before the request is read); each write's wait for its catch-up marker (after its answer was made, before it is sent); the requests' connection pool sampled every 2 ms (connections in use on average / at most of its size, share of the time a query waited for one, mean wait per connection handed out). CPU as a share of one core over the run: the server's process (all its threads), the share of the time its JavaScript thread was busy running callbacks (near 100 %, every answer waits for it), and the benchmark's own process (the load generator, on the same two cores); the garbage collector's pauses of the server's thread.",
    '',
    '| run | in the server p50 / p99 / max ms | catch-ups | catch-up p50 / p99 / max ms | pool in use mean / max of size | time with queries waiting | mean wait per connection ms | server CPU | server thread busy | benchmark CPU | garbage collection pauses / total / longest ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(({ name, waits: w, cpu }) => {
      const pool = w.pool.size
        ? `${w.pool.meanInUse} / ${w.pool.maxInUse} of ${w.pool.size}`
        : '— (no pool)';
      return `| ${name} | ${w.requests.p50} / ${w.requests.p99} / ${w.requests.max} | ${w.catchUps.count} | ${w.catchUps.p50} / ${w.catchUps.p99} / ${w.catchUps.max} | ${pool} | ${Math.round(w.pool.shareWithWaiters * 100)} % | ${w.pool.meanWaitMs} | ${cpu ? percentOfACore(cpu.serverMs, cpu.wallMs) : '—'} | ${Math.round(w.threadBusy * 100)} % | ${cpu ? percentOfACore(cpu.benchmarkMs, cpu.wallMs) : '—'} | ${w.gc.pauses} / ${w.gc.totalMs} / ${w.gc.maxMs} |`;
    }),
    // A run of several endpoints (the mix): each route's own time in the server.
    ...runs
      .filter(({ waits }) => waits.byRoute.length > 1)
      .flatMap(({ name, waits }) => [
        '',
        `In the server by route, ${name} (ids as :id; the mean request's time split into its ` +
          'database statements (PostgreSQL: sent to answer read), waits for a pool connection, ' +
          'the catch-up marker and the rest: the server’s own work and its lateness between them):',
        '',
        '| route | requests | p50 ms | p99 ms | max ms | mean ms | statements ms (count) | connection wait ms | catch-up ms | rest ms |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...waits.byRoute.map(
          (r) =>
            `| \`${r.route}\` | ${r.count} | ${r.p50} | ${r.p99} | ${r.max} | ${r.mean} | ` +
            `${r.split.statements} (${r.split.statementsPerRequest}) | ${r.split.connectionWait} | ` +
            `${r.split.catchUp} | ${r.split.rest} |`,
        ),
      ]),
  ];
}

/** What the server says of one run: its thread's delay, its kept answers, its waits, the CPU. */
export interface RunMeasures {
  eventLoop: EventLoopDelay;
  keptAnswers: KeptAnswerCounts;
  waits: ServerWaits;
  cpu: RunCpu;
}

/**
 * Starts the server's counts afresh before a run (event-loop delay, kept answers, waits, CPU);
 * the returned function reads them after it.
 */
export async function startRunMeasures(
  baseUrl: string,
  serverPid: number,
): Promise<() => Promise<RunMeasures>> {
  await eventLoopDelaySinceLastRead(baseUrl);
  await keptAnswersSinceLastRead(baseUrl);
  await serverWaitsSinceLastRead(baseUrl);
  const endCpu = startRunCpu(serverPid);
  return async () => {
    const cpu = endCpu();
    return {
      eventLoop: await eventLoopDelaySinceLastRead(baseUrl),
      keptAnswers: await keptAnswersSinceLastRead(baseUrl),
      waits: await serverWaitsSinceLastRead(baseUrl),
      cpu,
    };
  };
}
