import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import {
  engineUnderTest,
  seedCast,
  shiftRequest,
  signIn,
  type EngineUnderTest,
  type SeededCast,
} from '../support/reliability-fixtures';
import {
  freePort,
  processEnv,
  startServerProcess,
  stopServerProcess,
  withServices,
  type ServerProcess,
} from '../support/server-process';
import type { ApiClient } from '../support/test-server';

/**
 * SIGKILL in the middle of writing. A server process gets a burst of multi-date staffing requests
 * (one transaction each: every date or none) and instant bookings (shift filled + booking +
 * notices in one transaction) and is killed while they run. After the kill the database must hold
 * only whole transactions: each staffing request all its dates or none, no booking without its
 * shift marked filled (and the reverse), every booking with both bell notices, and everything
 * that was answered 201 before the kill still there. Then the server starts again over the same
 * data and the old sessions work.
 *
 * On PostgreSQL the kill is aimed: the test watches pg_stat_activity for one of the server's
 * connections with a transaction that has written (backend_xid set) and kills at that moment. The
 * embedded PGlite runs inside the server process, so there the kill lands at random moments after
 * the first answer, repeated; PGlite must then also recover its own files.
 */

const ROUNDS = 3;
const CREATIONS = 8;
const DATES_PER_CREATION = 6;
const PROFESSIONALS = 8;

let engine: EngineUnderTest;
let cast: SeededCast;
let port: number;
let server: ServerProcess | undefined;
const tag = randomBytes(3).toString('hex');
const appName = `chairfill-crash-${tag}`;

function serverEnv() {
  const databaseUrl = engine.databaseUrl
    ? `${engine.databaseUrl}${engine.databaseUrl.includes('?') ? '&' : '?'}application_name=${appName}`
    : undefined;
  return processEnv({ port, dataDir: engine.dataDir, databaseUrl });
}

beforeAll(async () => {
  engine = await engineUnderTest();
  port = await freePort();
  cast = await withServices(engine.target, engine.dataDir, (services) =>
    seedCast(services, PROFESSIONALS),
  );
}, 120_000);

afterAll(async () => {
  await stopServerProcess(server);
  await engine?.remove();
});

interface Fired {
  kind: 'creation' | 'booking';
  label: string;
  status?: number;
  body?: any;
  failed?: boolean;
}

/** Watches the server's connections for a transaction that has written; resolves their count. */
async function writingTransactionSeen(databaseUrl: string, giveUp: Promise<unknown>) {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  let done = false;
  void giveUp.then(() => (done = true));
  try {
    while (!done) {
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity
          where application_name = $1 and backend_xid is not null`,
        [appName],
      );
      const open = Number(rows[0]!.n);
      if (open > 0) return open;
    }
    return 0;
  } finally {
    await watcher.end();
  }
}

const totals = { inFlightAtKill: 0, writingAtKill: 0, groupsWhole: 0, groupsAbsent: 0, booked: 0 };

describe('SIGKILL during multi-date shift creation and bookings', () => {
  it(`after ${ROUNDS} kills, only whole transactions are stored and the server starts again`, async () => {
    let practice!: ApiClient;
    const pros: ApiClient[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      server = await startServerProcess(serverEnv());
      // Signed in once; the sessions (in the database) outlive every kill.
      if (round === 0) {
        practice = await signIn(server.url, cast.practice, 'practice');
        for (const pro of cast.professionals) {
          pros.push(await signIn(server.url, pro, 'professional'));
        }
      }
      // The shifts to book this round, posted (and answered) before the burst.
      const bookable = await practice.post(
        '/api/practice/shifts',
        shiftRequest(
          cast.practice.locationId,
          Array.from({ length: PROFESSIONALS }, (_, i) =>
            practiceDateFromToday(2 + round * PROFESSIONALS + i),
          ),
          `bookable-${round}`,
        ),
      );
      expect(bookable.status).toBe(201);
      const shiftIds: string[] = bookable.body.shifts.map((s: { id: string }) => s.id);

      // The burst: staffing requests and bookings (each professional races a neighbour).
      const fired: Fired[] = [];
      const requests: Promise<void>[] = [];
      const send = (kind: Fired['kind'], label: string, call: () => Promise<any>) => {
        const entry: Fired = { kind, label };
        fired.push(entry);
        requests.push(
          call().then(
            (res) => {
              entry.status = res.status;
              entry.body = res.body;
            },
            () => {
              entry.failed = true;
            },
          ),
        );
      };
      pros.forEach((pro, i) => {
        for (const shiftId of [shiftIds[i]!, shiftIds[(i + 1) % PROFESSIONALS]!]) {
          send('booking', shiftId, () => pro.post(`/api/professional/shifts/${shiftId}/book`));
        }
      });
      for (let g = 0; g < CREATIONS; g += 1) {
        const dates = Array.from({ length: DATES_PER_CREATION }, (_, d) =>
          practiceDateFromToday(3 + g + d * 3),
        );
        send('creation', `crash-${round}-${g}`, () =>
          practice.post(
            '/api/practice/shifts',
            shiftRequest(cast.practice.locationId, dates, `crash-${round}-${g}`),
          ),
        );
      }
      const allAnswered = Promise.all(requests);

      if (engine.databaseUrl) {
        // First round: at the first write. Later rounds: once some requests are answered too.
        if (round > 0) await Promise.race(requests);
        totals.writingAtKill += await writingTransactionSeen(engine.databaseUrl, allAnswered);
      } else {
        // PGlite: kill a random 0-40 ms after the first answer.
        await Promise.race(requests);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      }
      server.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await allAnswered;
      const unanswered = fired.filter((f) => f.status === undefined).length;
      totals.inFlightAtKill += unanswered;
      // A request either got a whole answer or none at all.
      for (const f of fired) {
        if (f.status !== undefined) expect([201, 409]).toContain(f.status);
      }

      const acknowledged = fired.filter((f) => f.status === 201);
      await withServices(engine.target, engine.dataDir, async ({ db }) => {
        // Every staffing request: all its dates or none; answered ones all.
        const groups = await queryRows<{ notes: string; n: number; reached: number }>(
          db,
          sql`select s.notes, count(*)::int as n,
                count(coalesce(r.shift_id, q.shift_id))::int as reached
              from shifts s left join shift_reach r on r.shift_id = s.id
                left join reach_queue q on q.shift_id = s.id
              where s.notes like ${`crash-${round}-%`} group by s.notes`,
        );
        for (const group of groups) {
          expect(group.n, group.notes).toBe(DATES_PER_CREATION);
          expect(group.reached, `${group.notes}: reach stored or queued with the shifts`).toBe(
            group.n,
          );
        }
        const stored = new Set(groups.map((g) => g.notes));
        for (const f of acknowledged.filter((a) => a.kind === 'creation')) {
          expect(stored.has(f.label), `${f.label} was answered 201`).toBe(true);
        }
        totals.groupsWhole += groups.length;
        totals.groupsAbsent += CREATIONS - groups.length;

        // Bookings and shift status change together.
        const mismatched = await queryRows<{ id: string }>(
          db,
          sql`select s.id from shifts s
              left join bookings b on b.shift_id = s.id and b.status in ('confirmed', 'completed')
              where s.practice_id = ${cast.practice.practiceId}
              group by s.id, s.status
              having (s.status = 'filled') <> (count(b.id) = 1) or count(b.id) > 1`,
        );
        expect(mismatched).toEqual([]);
        const booked = await queryRows<{ id: string; shift_id: string }>(
          db,
          sql`select id, shift_id from bookings where shift_id in ${shiftIds}`,
        );
        for (const f of acknowledged.filter((a) => a.kind === 'booking')) {
          expect(booked.map((b) => b.id)).toContain(f.body.id);
        }
        totals.booked += booked.length;

        // Each booking's notices (practice and professional) were queued with it (decision record
        // 031): delivered as two bell entries, or still waiting in the notice queue (one event
        // for both), in one snapshot.
        const [counts] = await queryRows<{ bookings: number; notices: number }>(
          db,
          sql`select (select count(*)::int from bookings where practice_id = ${cast.practice.practiceId}) as bookings,
              (select count(*)::int from notifications where kind = 'booking_confirmed')
                + 2 * (select count(*)::int from notice_queue
                  where source = 'marketplace' and event->>'kind' = 'booking_confirmed') as notices`,
        );
        expect(counts!.notices).toBe(counts!.bookings * 2);
      });
    }

    // The server starts over the crashed data and the sessions made before the kills still work.
    server = await startServerProcess(serverEnv());
    const list = await practice.get('/api/practice/shifts');
    expect(list.status).toBe(200);
    await stopServerProcess(server);
    expect((await server.exited).code).toBe(0);

    if (engine.databaseUrl) expect(totals.writingAtKill).toBeGreaterThan(0);
    expect(totals.inFlightAtKill).toBeGreaterThan(0);
    console.info(`[crash-consistency ${engine.engine}] ${JSON.stringify(totals)}`);
  }, 180_000);
});
