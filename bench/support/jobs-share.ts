import os from 'node:os';
import pg from 'pg';
import { DATABASE_APPLICATION_NAMES } from '../../src/server/db/client';
import { processCpuMsOf } from './process-cpu';

/**
 * The scheduled jobs' share of the machine while a benchmark runs beside them (issue 41), from
 * PostgreSQL's side: every `SAMPLE_MS` this reads which job holds its lease in `scheduled_jobs`
 * (a job holds it exactly while it runs: scheduler.ts) and the CPU that the server's backends
 * have used so far (/proc/<pid>/stat), the requests' pool and the background pool apart by their
 * application_name (client.ts). The background pool's CPU over an interval goes to the job that
 * was running in it, or to the delivery workers when none was. That is an upper bound for a job:
 * a delivery worker sending notices at the same moment is counted with it.
 *
 * Not counted: the jobs' JavaScript, which shares the server's one thread with the requests and
 * cannot be told apart from them under load (`npm run bench:jobs-steady` measures it alone), and
 * what a backend used in its last interval before it closed (at most SAMPLE_MS of it).
 */

const SAMPLE_MS = 250;
const WORKERS = 'delivery workers (no job running)';

interface Window {
  name: string;
  startedAt: number;
  endedAt?: number;
  requestsCpuMs: number;
  backgroundCpuMs: number;
  /** Background CPU by job (or the workers) in this window. */
  byJob: Map<string, number>;
  jobsSeen: Set<string>;
}

export interface JobsShareReport {
  elapsedMs: number;
  cores: number;
  /** Per job over the whole run: runs seen, seconds holding its lease, database CPU. */
  jobs: Array<{
    job: string;
    runs: number;
    runningMs: number;
    cpuMs: number;
    cpuMsPerMinute: number;
  }>;
  /** The background pool's database CPU a minute, jobs and workers, and its share of the cores. */
  backgroundCpuMsPerMinute: number;
  jobsCpuMsPerMinute: number;
  jobsShareOfCores: number;
  requestsCpuMsPerMinute: number;
  windows: Array<{
    name: string;
    seconds: number;
    requestsCpuMs: number;
    backgroundCpuMs: number;
    jobsCpuMs: number;
    jobs: string[];
  }>;
}

export interface JobsShareSampler {
  /** Starts a named window (an endpoint's run); the one before ends here. */
  window(name: string): void;
  /** Ends the current window without starting another. */
  pause(): void;
  /**
   * Waits until every scheduled job has run once and none is running (at most `limitMs`), and
   * answers the seconds it waited: the first pass works off the backlog a start finds.
   */
  firstPassDone(limitMs?: number): Promise<number>;
  /** Stops sampling (once; later calls answer the same report). */
  stop(): Promise<JobsShareReport>;
}

export async function startJobsShare(databaseUrl: string): Promise<JobsShareSampler> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'bench-jobs-share',
  });
  await client.connect();
  const startedAt = performance.now();
  const lastCpu = new Map<number, number>();
  const jobs = new Map<string, { runs: number; runningMs: number; cpuMs: number }>();
  const windows: Window[] = [];
  let current: Window | undefined;
  let running: string[] = [];
  let requestsCpuMs = 0;
  let backgroundCpuMs = 0;
  let stopped = false;
  let stopping: Promise<JobsShareReport> | undefined;

  const jobEntry = (name: string) => {
    let entry = jobs.get(name);
    if (!entry) jobs.set(name, (entry = { runs: 0, runningMs: 0, cpuMs: 0 }));
    return entry;
  };

  const sample = async () => {
    const { rows } = await client.query<{ pids: number[]; apps: string[]; running: string[] }>(
      `select
         coalesce((select array_agg(pid order by pid) from pg_stat_activity
           where datname = current_database() and application_name in ($1, $2)), '{}') as pids,
         coalesce((select array_agg(application_name order by pid) from pg_stat_activity
           where datname = current_database() and application_name in ($1, $2)), '{}') as apps,
         coalesce((select array_agg(name order by name) from scheduled_jobs
           where locked_until > now()), '{}') as running`,
      [DATABASE_APPLICATION_NAMES.requests, DATABASE_APPLICATION_NAMES.background],
    );
    const { pids, apps, running: nowRunning } = rows[0]!;
    let requests = 0;
    let background = 0;
    pids.forEach((pid, index) => {
      const cpu = processCpuMsOf(pid);
      if (cpu === undefined) return;
      const before = lastCpu.get(pid);
      lastCpu.set(pid, cpu);
      // A backend first seen now: what it used before this interval is not known to be in it.
      if (before === undefined) return;
      if (apps[index] === DATABASE_APPLICATION_NAMES.background) background += cpu - before;
      else requests += cpu - before;
    });
    for (const pid of lastCpu.keys()) if (!pids.includes(pid)) lastCpu.delete(pid);
    // The interval's background CPU goes to the job running at its start, else at its end.
    const owner = running[0] ?? nowRunning[0] ?? WORKERS;
    for (const name of nowRunning) {
      if (!running.includes(name)) jobEntry(name).runs += 1;
      jobEntry(name).runningMs += SAMPLE_MS;
    }
    running = nowRunning;
    jobEntry(owner).cpuMs += background;
    requestsCpuMs += requests;
    backgroundCpuMs += background;
    if (current) {
      current.requestsCpuMs += requests;
      current.backgroundCpuMs += background;
      current.byJob.set(owner, (current.byJob.get(owner) ?? 0) + background);
      for (const name of nowRunning) current.jobsSeen.add(name);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();

  const endCurrent = () => {
    if (current) current.endedAt = performance.now();
    current = undefined;
  };

  return {
    window(name) {
      endCurrent();
      current = {
        name,
        startedAt: performance.now(),
        requestsCpuMs: 0,
        backgroundCpuMs: 0,
        byJob: new Map(),
        jobsSeen: new Set(),
      };
      windows.push(current);
    },
    pause: endCurrent,
    async firstPassDone(limitMs = 300_000) {
      const from = performance.now();
      for (;;) {
        const { rows } = await client.query<{ jobs: number; waiting: number }>(
          `select count(*)::int as jobs,
             count(*) filter (where last_run_at is null or locked_until > now())::int as waiting
           from scheduled_jobs`,
        );
        const { jobs: registered, waiting } = rows[0]!;
        const waited = performance.now() - from;
        if ((registered > 0 && waiting === 0) || waited >= limitMs) {
          return Math.round(waited / 1000);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    stop() {
      return (stopping ??= report());
    },
  };

  async function report(): Promise<JobsShareReport> {
    endCurrent();
    stopped = true;
    await loop;
    await client.end();
    const elapsedMs = performance.now() - startedAt;
    const perMinute = (ms: number) => Math.round((ms / elapsedMs) * 60_000);
    const jobRows = [...jobs.entries()]
      .filter(([name]) => name !== WORKERS)
      .map(([job, entry]) => ({ job, ...entry, cpuMsPerMinute: perMinute(entry.cpuMs) }))
      .sort((a, b) => b.cpuMs - a.cpuMs);
    const jobsCpuMs = jobRows.reduce((sum, row) => sum + row.cpuMs, 0);
    const cores = os.cpus().length;
    return {
      elapsedMs,
      cores,
      jobs: [
        ...jobRows,
        {
          job: WORKERS,
          runs: 0,
          runningMs: 0,
          cpuMs: jobs.get(WORKERS)?.cpuMs ?? 0,
          cpuMsPerMinute: perMinute(jobs.get(WORKERS)?.cpuMs ?? 0),
        },
      ],
      backgroundCpuMsPerMinute: perMinute(backgroundCpuMs),
      jobsCpuMsPerMinute: perMinute(jobsCpuMs),
      jobsShareOfCores: jobsCpuMs / (elapsedMs * cores),
      requestsCpuMsPerMinute: perMinute(requestsCpuMs),
      windows: windows.map((w) => ({
        name: w.name,
        seconds: Math.round(((w.endedAt ?? performance.now()) - w.startedAt) / 100) / 10,
        requestsCpuMs: Math.round(w.requestsCpuMs),
        backgroundCpuMs: Math.round(w.backgroundCpuMs),
        jobsCpuMs: Math.round(
          [...w.byJob.entries()]
            .filter(([name]) => name !== WORKERS)
            .reduce((sum, [, ms]) => sum + ms, 0),
        ),
        jobs: [...w.jobsSeen].sort(),
      })),
    };
  }
}

/** The report as Markdown: the jobs' share over the run, each job, and each window. */
export function jobsShareMarkdown(report: JobsShareReport): string[] {
  const percent = (share: number) => `${(share * 100).toFixed(2)} %`;
  const minutes = report.elapsedMs / 60_000;
  return [
    `## Scheduled jobs during the run`,
    '',
    `Sampled every ${SAMPLE_MS} ms over ${minutes.toFixed(1)} minutes (bench/support/jobs-share.ts): the job holding its lease and the CPU of the server's database backends (/proc), by pool. **The jobs' database CPU: ${report.jobsCpuMsPerMinute.toLocaleString('en-US')} ms a minute, ${percent(report.jobsShareOfCores)} of the ${report.cores} cores** (aim: at most 15 %); the background pool with the delivery workers ${report.backgroundCpuMsPerMinute.toLocaleString('en-US')} ms a minute; the requests' backends ${report.requestsCpuMsPerMinute.toLocaleString('en-US')} ms a minute. A job's figure is an upper bound (a delivery worker busy at the same moment counts with it); the jobs' JavaScript shares the server's thread with the requests and is not in it (\`npm run bench:jobs-steady\` measures it alone).`,
    '',
    '| job | runs seen | s holding its lease | database CPU ms | ms a minute | share of the cores |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...report.jobs.map(
      (j) =>
        `| ${j.job} | ${j.runs} | ${(j.runningMs / 1000).toFixed(1)} | ${Math.round(j.cpuMs)} | ${j.cpuMsPerMinute} | ${percent(j.cpuMs / (report.elapsedMs * report.cores))} |`,
    ),
    '',
    'Each run with the jobs that ran during it and the database CPU of each pool:',
    '',
    '| endpoint run | s | jobs running | jobs DB CPU ms | background DB CPU ms | requests DB CPU ms |',
    '| --- | ---: | --- | ---: | ---: | ---: |',
    ...report.windows.map(
      (w) =>
        `| ${w.name} | ${w.seconds} | ${w.jobs.join(', ') || '—'} | ${w.jobsCpuMs} | ${w.backgroundCpuMs} | ${w.requestsCpuMs} |`,
    ),
    '',
  ];
}
