import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../src/server/route-list';
import { openApiDocument } from '../../src/server/routes/openapi/openapi-document';
import {
  callerNames,
  copyOf,
  createAccessWorld,
  databaseDigest,
  startAccessServer,
  type AccessServer,
  type AccessWorld,
} from '../support/access-world';
import { authorizationMatrix, type MatrixRow, type Probe } from '../support/authorization-matrix';
import type { ApiClient, ApiResult } from '../support/test-server';

/**
 * Every route the server answers (from the app itself), for every kind of caller: the status the
 * matrix in test/support/authorization-matrix.ts expects, and nothing stored changed by any
 * request that was not a success.
 */

let server: AccessServer;
let world: AccessWorld;
const tally = { rows: 0, cells: 0, requests: 0, refusedUnchanged: 0 };

beforeAll(async () => {
  server = await startAccessServer();
  world = await createAccessWorld(server);
}, 120_000);

afterAll(async () => {
  if (tally.rows > 0) {
    console.info(
      `authorization matrix: ${tally.rows} routes × ${callerNames.length} callers = ${tally.cells} cells, ` +
        `${tally.requests} requests, ${tally.refusedUnchanged} refusals checked to change nothing`,
    );
  }
  await server?.stop();
});

const isSuccess = (status: number) => status >= 200 && status < 300;

function send(client: ApiClient, probe: Probe): Promise<ApiResult> {
  if (probe.form) return client.raw(probe.method, probe.path, probe.form);
  if (probe.stream) return client.peek(probe.path);
  switch (probe.method) {
    case 'GET':
      return client.get(probe.path);
    case 'DELETE':
      return client.delete(probe.path);
    case 'POST':
      return client.post(probe.path, probe.json);
    case 'PUT':
      return client.put(probe.path, probe.json);
    case 'PATCH':
      return client.patch(probe.path, probe.json);
    default:
      throw new Error(`no way to send ${probe.method}`);
  }
}

/** A refusal says what went wrong and nothing about anyone's data. */
function expectPlainRefusal(res: ApiResult, label: string) {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  for (const marker of world.privateMarkers) {
    expect(text.includes(marker), `${label} leaked "${marker}": ${text.slice(0, 300)}`).toBe(false);
  }
  if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
    expect(res.body, `${label} is not an error reply`).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(Object.keys(res.body), label).toEqual(['error']);
  }
}

describe('the matrix lists exactly the routes the server answers', () => {
  it('has one row for every route, and no row for a route the server does not have', () => {
    const served = server.routesWith({}).map(routeKey);
    const rows = authorizationMatrix.map((row) => row.route);
    const missing = served.filter((route) => !rows.includes(route));
    const stale = rows.filter((route) => !served.includes(route));
    const twice = rows.filter((route, i) => rows.indexOf(route) !== i);
    expect(
      missing,
      `routes with no row in test/support/authorization-matrix.ts (add one, with each caller's status): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(stale, `matrix rows for routes the server no longer has: ${stale.join(', ')}`).toEqual(
      [],
    );
    expect(twice, `routes with more than one row: ${twice.join(', ')}`).toEqual([]);
    expect(served.length).toBeGreaterThan(50);
  });

  it("follows each declared route's audience: signed out 401, the wrong kind of account 403", () => {
    const professionals = ['hygienist', 'assistant', 'frontDesk', 'pendingProfessional'];
    const refusedBy: Record<string, string[]> = {
      signedOut: [],
      account: [],
      bellOwner: ['admin'],
      practice: [...professionals, 'admin'],
      professional: ['practiceA', 'practiceB', 'admin'],
      admin: ['practiceA', 'practiceB', ...professionals],
    };
    const paths = openApiDocument().paths ?? {};
    let checked = 0;
    for (const [documentPath, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const audience = (operation as { 'x-audience'?: string })['x-audience']!;
        const route = `${method.toUpperCase()} ${documentPath.replace(/\{(\w+)\}/g, ':$1')}`;
        const row = authorizationMatrix.find((candidate) => candidate.route === route);
        expect(row, `no matrix row for the declared route ${route}`).toBeDefined();
        if (audience !== 'signedOut') expect(row!.expect.signedOut, route).toBe(401);
        for (const caller of refusedBy[audience]!) {
          expect(row!.expect[caller as keyof MatrixRow['expect']], `${route} ${caller}`).toBe(403);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('development routes exist only outside production, benchmark routes only with BENCH_ROUTES', async () => {
    const keys = (change: Parameters<AccessServer['routesWith']>[0]) =>
      server.routesWith(change).map(routeKey);
    const onlyIn = (a: string[], b: string[]) => a.filter((route) => !b.includes(route)).sort();
    const rowsMarked = (only: string) =>
      authorizationMatrix
        .filter((row) => row.only === only)
        .map((row) => row.route)
        .sort();

    const production = keys({ isProduction: true, benchRoutes: false });
    const development = keys({ isProduction: false, benchRoutes: false });
    expect(onlyIn(development, production)).toEqual(rowsMarked('development'));
    expect(onlyIn(production, development)).toEqual([]);
    expect(onlyIn(keys({ isProduction: false, benchRoutes: true }), development)).toEqual(
      rowsMarked('bench'),
    );
    expect(production.some((route) => /\/dev\/|\/bench\//.test(route))).toBe(false);

    // Asked of a production app, they are unknown addresses.
    const app = server.appWith({ isProduction: true, benchRoutes: false });
    for (const path of [
      '/api/dev/mail',
      '/api/bench/noop',
      `/api/bench/row/${world.practiceA.userId}`,
      '/api/bench/backlog',
      '/api/bench/event-loop',
      '/api/bench/kept-answers',
      '/api/bench/server-waits',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const write = await app.request(`/api/bench/write/${world.practiceA.userId}`, {
      method: 'POST',
    });
    expect(write.status).toBe(404);
    const jobs = await app.request('/api/dev/jobs/run', { method: 'POST', body: '{}' });
    expect(jobs.status).toBe(404);
    const mailbox = await app.request('/dev/mailbox');
    expect(mailbox.status).toBe(404);
    expect(await mailbox.text()).not.toContain('Mailbox');
    expect((await app.request('/dev/mailbox/previews')).status).toBe(404);
  });
});

describe('the check that a refusal changed nothing', () => {
  it('sees a change anywhere in stored data', async () => {
    const before = await databaseDigest(server);
    expect(await databaseDigest(server)).toEqual(before);
    await world.fresh.location();
    const after = await databaseDigest(server);
    expect(after).not.toEqual(before);
    expect(after.locations).not.toEqual(before.locations);
  });
});

describe('every route, every caller', () => {
  for (const row of authorizationMatrix) {
    it(`${row.route}`, async () => {
      const fixture = row.setup ? await row.setup(world) : {};
      // Refusals first, so each is tried against the object as set up; successes last.
      const order = [...callerNames].sort(
        (a, b) => Number(isSuccess(row.expect[a])) - Number(isSuccess(row.expect[b])),
      );
      for (const name of order) {
        const probes = await row.probes(fixture, name, world);
        expect(probes.length, `${row.route} sends nothing as ${name}`).toBeGreaterThan(0);
        for (const probe of probes) {
          const expected = probe.status ?? row.expect[name];
          const label = `${row.route} as ${name} (${probe.method} ${probe.path})`;
          const before = isSuccess(expected) ? undefined : await databaseDigest(server);
          // A copy of the caller's cookies: a reply that signs someone in or out changes no caller.
          const res = await send(copyOf(server, world.callers[name]), probe);
          expect(
            res.status,
            `${label} answered ${res.status}: ${JSON.stringify(res.body)?.slice(0, 300)}`,
          ).toBe(expected);
          if (before) {
            expect(await databaseDigest(server), `${label} changed stored data`).toEqual(before);
            expectPlainRefusal(res, label);
            tally.refusedUnchanged++;
          }
          tally.requests++;
        }
        tally.cells++;
      }
      tally.rows++;
    }, 60_000);
  }
});
