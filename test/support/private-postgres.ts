import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port), which
 * the test may stop and start: the shared test server must never be stopped. As root the
 * cluster runs as the `postgres` system user, like .ci/run does.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  dataDir: string;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its files. */
  remove(): void;
}

/** The newest PostgreSQL bin directory on this machine, or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const root = mkdtempSync(path.join(tmpdir(), 'chairfill-faults-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  const dataDir = path.join(root, 'data');
  const log = path.join(root, 'postgres.log');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8']);
  const options = `-h 127.0.0.1 -p ${port} -k ${root} -c fsync=off -c max_connections=100`;
  const start = () =>
    void run('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => void run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start,
    stop,
    remove() {
      try {
        if (existsSync(path.join(dataDir, 'postmaster.pid'))) stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
