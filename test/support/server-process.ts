import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/server';
import type { ServiceContext } from '../../src/server/services/context';

/**
 * The real server as its own operating-system process (`node --import tsx src/server/main.ts`),
 * so tests can kill it (SIGKILL, SIGTERM), restart it over the same data, and run two of them on
 * one database: what an in-process server cannot show.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** A port that was free a moment ago (the server is then started on it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The environment a test server process runs with; `overrides` win. */
export function processEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  overrides?: Record<string, string>;
}): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key, value]) =>
        value !== undefined &&
        ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS', 'TZ'].includes(key),
    ),
  ) as Record<string, string>;
  return {
    ...inherited,
    NODE_ENV: 'test',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    MAIL_POLL_MS: '100',
    JOBS_POLL_MS: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.overrides,
  };
}

/**
 * Starts `src/server/main.ts` with exactly `env` and waits until /api/health answers (or the
 * process exits, or `timeoutMs` passes: then it throws with the process output).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://localhost:${env.PORT}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server process exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not answer within ${timeoutMs} ms:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    // main.ts prints its "running" line after the demo data and admin accounts: fully started.
    if (healthy && output.includes('ChairFill is running')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port: Number(env.PORT),
    child,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
  };
}

/** Stops a server process with SIGTERM (if still running) and waits for it to exit. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.kill('SIGTERM');
  }
  await server.exited;
}

/**
 * Opens the database in this test process with the full service context (migrating it), runs
 * `work` (seeding, checks) and closes it again. With the embedded engine no server process may
 * have the data directory open at the same time (PGlite is single-process).
 */
export async function withServices<T>(
  target: DatabaseTarget,
  dataDir: string,
  work: (services: ServiceContext) => Promise<T>,
): Promise<T> {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    JOBS_POLL_MS: '0',
    MAIL_POLL_MS: '600000',
  });
  const server = await startServer({
    env,
    database: target,
    clientDir: path.join(dataDir, 'no-client'),
  });
  try {
    return await work(server.services);
  } finally {
    await server.close();
  }
}
