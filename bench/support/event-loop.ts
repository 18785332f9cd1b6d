/** The server's event-loop delay over a run (GET /api/bench/event-loop, BENCH_ROUTES=true). */
export interface EventLoopDelay {
  /** Milliseconds a timer callback waited for the thread: median, 99th percentile, longest. */
  p50: number;
  p99: number;
  max: number;
}

/** Reads the delay since the last read and starts counting afresh (call before and after a run). */
export async function eventLoopDelaySinceLastRead(baseUrl: string): Promise<EventLoopDelay> {
  const res = await fetch(`${baseUrl}/api/bench/event-loop`);
  if (!res.ok) throw new Error(`GET /api/bench/event-loop answered ${res.status}`);
  return (await res.json()) as EventLoopDelay;
}

/** 'p99 12.3 / max 85.1' for a results table. */
export function eventLoopCell(delay: EventLoopDelay | undefined): string {
  return delay ? `${delay.p99} / ${delay.max}` : '—';
}
