import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrors } from '../../src/shared/messages';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import {
  createPrivatePostgres,
  postgresBinaries,
  type PrivatePostgres,
} from '../support/private-postgres';
import { seedCast, shiftRequest, signIn, type SeededCast } from '../support/reliability-fixtures';
import {
  freePort,
  processEnv,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { withServices } from '../support/server-process';
import type { ApiClient } from '../support/test-server';

/**
 * PostgreSQL stops under load and starts again. The test runs its own cluster (pg_ctl on a port
 * of its own) so it can really stop it. While the database is down every request that needs it
 * is answered 503 with the product's message (never a 500, never a false "signed out"), requests
 * that do not need it keep working, and once PostgreSQL is back the same server process answers
 * normally again, with no restart.
 */

const skipReason = !process.env.DATABASE_URL
  ? 'DATABASE_URL is not set (the embedded database cannot be stopped apart from the server)'
  : !postgresBinaries()
    ? 'PostgreSQL binaries (initdb, pg_ctl) are not installed'
    : undefined;
if (skipReason) console.info(`[database-outage] skipped: ${skipReason}`);

const WORKERS = 6;
let cluster: PrivatePostgres;
let server: ServerProcess | undefined;
let dataDir: string;
let cast: SeededCast;

beforeAll(async () => {
  if (skipReason) return;
  cluster = createPrivatePostgres(await freePort());
  dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-faults-'));
  cast = await withServices({ url: cluster.url, poolSize: 4 }, dataDir, (services) =>
    seedCast(services, 1),
  );
  server = await startServerProcess(
    processEnv({ port: await freePort(), dataDir, databaseUrl: cluster.url }),
  );
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode !== null) {
    console.error(`[database-outage] the server process exited:\n${server.output()}`);
  }
  const unhandled = server
    ?.output()
    .split('\n')
    .filter((line) => line.includes('unhandled error'));
  if (unhandled?.length) console.error(`[database-outage] server errors:\n${unhandled.join('\n')}`);
  await stopServerProcess(server);
  cluster?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Phase = 'before' | 'down' | 'restarting' | 'after';
interface Outcome {
  phase: Phase;
  path: string;
  status: number;
  message?: string;
  at: number;
}

describe.skipIf(skipReason)('PostgreSQL stopped under load', () => {
  it('answers 503 with the product message while it is down and recovers by itself', async () => {
    const practice = await signIn(server!.url, cast.practice, 'practice');
    const professional = await signIn(server!.url, cast.professionals[0]!, 'professional');
    let phase: Phase = 'before';
    let running = true;
    const outcomes: Outcome[] = [];
    let posted = 0;

    const worker = async (client: ApiClient, n: number) => {
      while (running) {
        const write = n % 3 === 0;
        const pathName = write
          ? '/api/practice/shifts'
          : n % 3 === 1
            ? '/api/practice/shifts'
            : '/api/professional/bookings';
        const current = phase;
        const res = write
          ? await client.post(
              pathName,
              shiftRequest(
                cast.practice.locationId,
                [practiceDateFromToday(2 + (posted++ % 40))],
                'outage load',
              ),
            )
          : await client.get(pathName);
        outcomes.push({
          phase: current === phase ? current : 'restarting',
          path: `${write ? 'POST' : 'GET'} ${pathName}`,
          status: res.status,
          message: res.body?.error?.message,
          at: Date.now(),
        });
        // The health check never needs the database.
        const health = await fetch(`${server!.url}/api/health`);
        expect(health.status).toBe(200);
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, n) =>
      worker(n % 3 === 2 ? professional : practice, n),
    );

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stoppedAt = Date.now();
    phase = 'restarting';
    cluster.stop();
    phase = 'down';
    await new Promise((resolve) => setTimeout(resolve, 4000));
    phase = 'restarting';
    cluster.start();
    const startedAt = Date.now();
    phase = 'after';
    // Recovered: the first success after the start.
    while (!outcomes.some((o) => o.phase === 'after' && o.status < 300)) {
      if (Date.now() - startedAt > 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const recoveredAt = outcomes.find((o) => o.phase === 'after' && o.status < 300)?.at;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await Promise.all(workers);

    const by = (p: Phase) => outcomes.filter((o) => o.phase === p);
    // Up: everything succeeds.
    expect(by('before').length).toBeGreaterThan(0);
    for (const o of by('before')) expect(o.status, o.path).toBeLessThan(300);
    // Down: 503 with the product's message, nothing else.
    expect(by('down').length).toBeGreaterThan(0);
    for (const o of by('down')) {
      expect({ status: o.status, message: o.message }, o.path).toEqual({
        status: 503,
        message: genericErrors.unavailable,
      });
    }
    // Around the stop and start: either a normal answer or that 503.
    for (const o of by('restarting')) {
      if (o.status >= 300) expect([o.status, o.message]).toEqual([503, genericErrors.unavailable]);
    }
    // Back: the same process serves normally again.
    expect(recoveredAt, 'recovered without a restart').toBeDefined();
    const settled = by('after').filter((o) => o.at > recoveredAt! + 500);
    expect(settled.length).toBeGreaterThan(0);
    for (const o of settled) expect(o.status, o.path).toBeLessThan(300);
    expect(server!.child.exitCode).toBeNull();

    console.info(
      `[database-outage] ${JSON.stringify({
        before: by('before').length,
        duringOutage: by('down').length,
        outageMs: startedAt - stoppedAt,
        recoveryMs: recoveredAt! - startedAt,
        after: by('after').length,
      })}`,
    );
  }, 90_000);
});
