/**
 * What a Lighthouse run's trace says about the page's main thread, beside Lighthouse's figures:
 * how long its tasks took (wall time, what Lighthouse's simulation multiplies by 4) against how
 * much CPU the thread actually got in them (thread time), and how many screenshots the trace holds
 * (one per frame the compositor produced while something moved: Lighthouse's filmstrip).
 *
 * On a machine with few cores the renderer's main thread shares them with the browser's own
 * compositing and screenshot encoding, the product's server and Lighthouse; a task then lasts
 * longer than the work in it, and Lighthouse's simulated Total Blocking Time counts the waiting
 * 4 times over. `blockingFromCpuMs` is the same sum as Lighthouse's (each task after the first
 * contentful paint, 4 × its time, over 50 ms) taken over the thread time instead: what the page's
 * own work would block on an uncontended machine. A run whose `cpuShare` is low measured the
 * machine, not the page.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

export interface MainThreadFigures {
  /** Sum of the page's main-thread tasks' wall times, load to the end of the trace (ms). */
  taskWallMs: number;
  /** The CPU time the main thread got in those tasks (ms). */
  taskCpuMs: number;
  /** taskCpuMs / taskWallMs, 0-1. */
  cpuShare: number;
  /** Lighthouse's blocking-time sum over wall times × 4 (ms): near its simulated TBT. */
  blockingFromWallMs: number;
  /** The same sum over the thread's CPU times × 4 (ms). */
  blockingFromCpuMs: number;
  /** Screenshots in the trace (frames the compositor produced). */
  screenshots: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export function mainThreadFigures(
  traceEvents: TraceEvent[],
  cpuMultiplier = 4,
): MainThreadFigures | undefined {
  // The page's own navigation (not the about:blank Lighthouse starts from).
  const navigation = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      String(e.args.data.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) return undefined;
  const { pid } = navigation;
  const main = traceEvents.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) return undefined;
  const fcp = traceEvents.find(
    (e) => e.pid === pid && e.name === 'firstContentfulPaint' && e.ts >= navigation.ts,
  );
  const candidates = traceEvents
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        TASK_NAMES.has(e.name) &&
        e.dur !== undefined &&
        e.ts >= navigation.ts,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  let taskWallMs = 0;
  let taskCpuMs = 0;
  let blockingFromWallMs = 0;
  let blockingFromCpuMs = 0;
  let end = 0;
  for (const task of candidates) {
    // Chromium nests one kind of task event in the other: only the outermost counts.
    if (task.ts < end) continue;
    end = task.ts + task.dur!;
    const wall = task.dur! / 1000;
    const cpu = (task.tdur ?? task.dur!) / 1000;
    taskWallMs += wall;
    taskCpuMs += cpu;
    if (fcp && task.ts >= fcp.ts) {
      blockingFromWallMs += Math.max(0, wall * cpuMultiplier - 50);
      blockingFromCpuMs += Math.max(0, cpu * cpuMultiplier - 50);
    }
  }
  return {
    taskWallMs: Math.round(taskWallMs),
    taskCpuMs: Math.round(taskCpuMs),
    cpuShare: taskWallMs > 0 ? Math.round((taskCpuMs / taskWallMs) * 100) / 100 : 1,
    blockingFromWallMs: Math.round(blockingFromWallMs),
    blockingFromCpuMs: Math.round(blockingFromCpuMs),
    screenshots: traceEvents.filter((e) => e.name === 'Screenshot' && e.ts >= navigation.ts).length,
  };
}
