import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningProduct {
  url: string;
  /** The server process's id (its /proc entry tells its memory and CPU time). */
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The auth secret of every benchmark run (throw-away data only). */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/**
 * Starts the built product in production mode in its own process, on a fresh embedded database
 * (or on `options.dataDir`, which is kept, or on DATABASE_URL when it is set).
 */
export async function startProduct(
  port: number,
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningProduct> {
  const keepData = Boolean(options.dataDir);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'chairfill-bench-'));
  const url = `http://localhost:${port}`;
  // BENCH_CPU_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (open it in
  // Chromium's DevTools, Performance panel), to see where a benchmark's server time goes.
  const profile = process.env.BENCH_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        BETTER_AUTH_SECRET: BENCH_AUTH_SECRET,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
