import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ShiftBoardReply } from '../../src/shared/professional/professional-replies';
import type { PracticeDashboardDto } from '../../src/shared/practice/practice-replies';
import type { ShiftMonthsDto, ShiftPageDto } from '../../src/shared/practice/practice-replies';
import type { ProfessionalProfileDto } from '../../src/shared/professional/professional-replies';
import {
  locations,
  practices,
  professionals,
  shifts,
  verificationDecisions,
} from '../../src/server/db/schema';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import type { Database } from '../../src/server/db/client';
import { accountTag, KeptAnswers, keptAnswersFor } from '../../src/server/services/kept-answers';
import {
  bookingRows,
  marketplaceCast,
  moveShiftIntoPast,
  postShift,
  serverForFile,
  type MarketplaceCast,
} from '../support/marketplace-fixtures';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { runReachJob } from '../support/reach-job';
import { createClient, type ApiClient, type TestServer } from '../support/test-server';

/**
 * Hot answers kept in the server's memory (decision record 011): a read of an unchanged Find
 * Shifts board or practice dashboard comes from memory, and every change that decides it
 * (announced by the database on commit, or the user's own request) is on the very next read.
 */

describe('KeptAnswers', () => {
  const answer = (body: string, tags = ['position:Hygienist', 'user:u1']) => ({
    body,
    tags,
    expiresAt: Infinity,
  });
  const listening = (now = () => 1_000) => {
    const kept = new KeptAnswers(1_000, now);
    kept.setListening(true);
    return kept;
  };

  it('keeps nothing and answers nothing while the announcements are not received', () => {
    const kept = new KeptAnswers();
    kept.keep('k', answer('{}'), kept.begin());
    expect(kept.read('k')).toBeUndefined();
    kept.setListening(true);
    kept.keep('k', answer('{"a":1}'), kept.begin());
    expect(kept.read('k')).toBe('{"a":1}');
    kept.setListening(false);
    expect(kept.read('k')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('counts what it did by kind, and starts counting afresh when the counts are taken', async () => {
    let now = 1_000;
    const kept = new KeptAnswers(1_000, () => now);
    kept.setListening(true);
    kept.takeCounts();
    expect(await kept.answer('board|p1', async () => ({ ...answer('{}'), expiresAt: 2_000 }))).toBe(
      '{}',
    );
    expect(kept.read('board|p1')).toBe('{}');
    expect(kept.read('board|p1')).toBe('{}');
    // Announced while it was computed: sent, not kept.
    await kept.answer('dashboard|d1', async () => {
      kept.notice('practice:1');
      return answer('{}', ['practice:1']);
    });
    kept.keep('session|t', answer('{}', ['account:u1']), kept.begin());
    kept.notice('account:u1');
    now = 2_000;
    expect(kept.read('board|p1')).toBeUndefined();
    kept.notice('all');
    const counts = kept.takeCounts();
    expect(counts.byKind.board).toMatchObject({ hits: 2, computed: 1, expired: 1 });
    expect(counts.byKind.dashboard).toMatchObject({ computed: 1, notKeptAnnounced: 1, hits: 0 });
    expect(counts.byKind.session).toMatchObject({ droppedByAnnouncement: 1 });
    expect(counts.forgotAll).toBe(1);
    expect(kept.takeCounts()).toEqual({ byKind: {}, forgotAll: 0, markersMissed: 0 });
  });

  it('keeps nothing while its own marker goes unheard (announcements lost), until one is heard', async () => {
    const kept = new KeptAnswers(1_000, () => 1_000, 50);
    kept.setListening(true);
    kept.keep('k', answer('{"a":1}'), kept.begin());
    // A database that takes the marker but never announces it back (a pooler in between).
    const deafDatabase = { execute: async () => ({ rows: [] }) } as unknown as Database;
    await kept.catchUp(deafDatabase);
    expect(kept.read('k')).toBeUndefined();
    const begun = kept.begin();
    kept.keep('k', answer('{"a":2}'), begun);
    expect(kept.read('k')).toBeUndefined();
    // A marker heard again (any, even a late one): announcements arrive, in order, once more.
    kept.notice('caught-up:late');
    kept.keep('k', answer('{"a":3}'), begun);
    expect(kept.read('k')).toBeUndefined();
    kept.keep('k', answer('{"a":4}'), kept.begin());
    expect(kept.read('k')).toBe('{"a":4}');
  });

  it('does not keep an answer computed while one of its tags, or everything, was announced', async () => {
    const kept = listening();
    const begun = kept.begin();
    kept.notice('position:Hygienist');
    kept.keep('k', answer('{}'), begun);
    expect(kept.read('k')).toBeUndefined();
    // The same through answer(): the announcement arrives while computing.
    const body = await kept.answer('k', async () => {
      kept.notice('user:u1');
      return answer('{"b":2}');
    });
    expect(body).toBe('{"b":2}');
    expect(kept.read('k')).toBeUndefined();
    expect(await kept.answer('k', async () => answer('{"c":3}'))).toBe('{"c":3}');
    expect(await kept.answer('k', async () => answer('{"d":4}'))).toBe('{"c":3}');
    // 'all' concerns every answer being computed.
    const beforeAll = kept.begin();
    kept.notice('all');
    kept.keep('k', answer('{"e":5}'), beforeAll);
    expect(kept.read('k')).toBeUndefined();
  });

  it('computes an answer once for requests that ask for it meanwhile, unless it concerns them', async () => {
    const kept = listening();
    let computed = 0;
    let finish: (body: string) => void = () => {};
    const slow = () => {
      computed += 1;
      return new Promise<ReturnType<typeof answer>>((resolve) => {
        finish = (body) => resolve(answer(body));
      });
    };
    const first = kept.answer('k', slow);
    const second = kept.answer('k', slow);
    const third = kept.answer('k', slow);
    finish('{"a":1}');
    expect(await Promise.all([first, second, third])).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(computed).toBe(1);
    expect(kept.read('k')).toBe('{"a":1}');

    // A change it depends on is announced while it is computed (say the user's own write): the
    // requests waiting for it compute their own, after the change.
    kept.notice('user:u1');
    const stale = kept.answer('k', slow);
    const waiting = kept.answer('k', async () => answer('{"b":2}'));
    kept.notice('user:u1');
    finish('{"old":0}');
    expect(await stale).toBe('{"old":0}');
    expect(await waiting).toBe('{"b":2}');
    expect(kept.read('k')).toBe('{"b":2}');

    // A computation that fails: the waiting request computes its own.
    kept.notice('user:u1');
    const failing = kept.answer('k', () => Promise.reject(new Error('lost connection')));
    const after = kept.answer('k', async () => answer('{"c":3}'));
    await expect(failing).rejects.toThrow('lost connection');
    expect(await after).toBe('{"c":3}');
  });

  it('computes a key once at a time while announcements keep its answers from being kept', async () => {
    const kept = listening();
    let computed = 0;
    const finishers: Array<(body: string) => void> = [];
    const slow = () => {
      computed += 1;
      return new Promise<ReturnType<typeof answer>>((resolve) => {
        finishers.push((body) => resolve(answer(body)));
      });
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    // A busy board: a computation is under way when three more requests come, and a change it
    // depends on is announced meanwhile, so it is not kept.
    const first = kept.answer('k', slow);
    const waiting = [kept.answer('k', slow), kept.answer('k', slow), kept.answer('k', slow)];
    kept.notice('position:Hygienist');
    finishers[0]!('{"old":0}');
    expect(await first).toBe('{"old":0}');
    await settle();
    // One of the three computes again, after the change; the other two wait for it (it began
    // after they came, so its answer is fresh for them too), even if another change comes.
    expect(computed).toBe(2);
    kept.notice('position:Hygienist');
    finishers[1]!('{"new":1}');
    expect(await Promise.all(waiting)).toEqual(['{"new":1}', '{"new":1}', '{"new":1}']);
    expect(computed).toBe(2);
    // Not kept (announced while computing): the next request computes.
    expect(kept.read('k')).toBeUndefined();
  });

  it('counts the wait for its marker from its commit, not from a busy pool', async () => {
    const kept = new KeptAnswers(1_000, () => 1_000, 300);
    kept.setListening(true);
    // Every pooled connection busy for three times the wait: the marker commits late, then is
    // announced back at once.
    const busyDatabase = {
      execute: async (query: SQL) => {
        await new Promise((resolve) => setTimeout(resolve, 900));
        const marker = new PgDialect().sqlToQuery(query).params[1] as string;
        setTimeout(() => kept.notice(marker), 5);
        return { rows: [] };
      },
    } as unknown as Database;
    kept.keep('k', answer('{"a":1}'), kept.begin());
    await kept.catchUp(busyDatabase);
    expect(kept.read('k')).toBe('{"a":1}');
  });

  it('keeps an answer computed while only other tags were announced (a busy market)', async () => {
    const kept = listening();
    const body = await kept.answer('k', async () => {
      kept.notice('position:Front Desk');
      kept.notice('practice:elsewhere');
      kept.notice('user:someone-else');
      return answer('{"a":1}');
    });
    expect(body).toBe('{"a":1}');
    expect(kept.read('k')).toBe('{"a":1}');
    // Announced before the computation began: no concern of it either.
    kept.notice('position:Hygienist');
    expect(kept.read('k')).toBeUndefined();
    kept.keep('k', answer('{"b":2}'), kept.begin());
    expect(kept.read('k')).toBe('{"b":2}');
  });

  it('remembers a bounded number of announced tags, and forgetting them keeps nothing begun before', () => {
    const kept = listening();
    const begun = kept.begin();
    for (let i = 0; i <= 100_000; i += 1) kept.notice(`practice:p${i}`);
    // The tag of this answer was never announced, but the memory of what was is gone: not kept.
    kept.keep('k', answer('{}'), begun);
    expect(kept.read('k')).toBeUndefined();
    kept.keep('k', answer('{"a":1}'), kept.begin());
    expect(kept.read('k')).toBe('{"a":1}');
  });

  it('forgets exactly the answers an announcement concerns', () => {
    const kept = listening();
    const keep = (key: string, tags: string[]) => kept.keep(key, answer(key, tags), kept.begin());
    keep('a', ['position:Hygienist', 'professional:p1', 'user:u1']);
    keep('b', ['position:Hygienist', 'professional:p2', 'user:u2']);
    keep('c', ['position:Front Desk', 'professional:p3', 'user:u3']);
    keep('d', ['practice:x', 'user:u4']);
    const read = () => ['a', 'b', 'c', 'd'].map((key) => kept.read(key) ?? null);
    kept.notice('professional:p2');
    expect(read()).toEqual(['a', null, 'c', 'd']);
    kept.notice('position:Hygienist');
    expect(read()).toEqual([null, null, 'c', 'd']);
    kept.notice('practice:y');
    expect(read()).toEqual([null, null, 'c', 'd']);
    kept.forgetUser('u3');
    expect(read()).toEqual([null, null, null, 'd']);
    keep('a', ['position:Hygienist']);
    kept.notice('all');
    expect(kept.size).toBe(0);
  });

  it("keeps a user's sessions over their own writes, and forgets them when the database announces their account", () => {
    const kept = listening();
    const keep = (key: string, tags: string[]) => kept.keep(key, answer(key, tags), kept.begin());
    keep('session', [accountTag('u1')]);
    keep('board', ['user:u1']);
    keep('other', [accountTag('u2')]);
    const read = () => ['session', 'board', 'other'].map((key) => kept.read(key) ?? null);
    kept.forgetUser('u1');
    expect(read()).toEqual(['session', null, 'other']);
    // Migrations 0012 and 0030: a session or the account changed.
    kept.notice('user:u1');
    expect(read()).toEqual([null, null, 'other']);
    // Being computed while it was announced: not kept.
    const begun = kept.begin();
    kept.notice('user:u2');
    kept.keep('session again', answer('session again', [accountTag('u2')]), begun);
    expect(kept.read('session again')).toBeUndefined();
    expect(kept.read('other')).toBeUndefined();
    kept.keep('later', answer('later', [accountTag('u2')]), kept.begin());
    kept.forgetAccount('u2');
    expect(kept.read('later')).toBeUndefined();
  });

  it('expires an answer when it says, and after five minutes at most', () => {
    let now = 1_000;
    const kept = listening(() => now);
    kept.keep('k', { ...answer('{}'), expiresAt: 2_000 }, kept.begin());
    now = 1_999;
    expect(kept.read('k')).toBe('{}');
    now = 2_000;
    expect(kept.read('k')).toBeUndefined();
    kept.keep('k', answer('{}'), kept.begin());
    now += 5 * 60_000;
    expect(kept.read('k')).toBeUndefined();
  });

  it('stays within its memory, dropping the least recently read', () => {
    const kept = listening();
    const body = 'x'.repeat(200); // 400 bytes each against 1,000
    kept.keep('a', answer(body), kept.begin());
    kept.keep('b', answer(body), kept.begin());
    kept.read('a');
    kept.keep('c', answer(body), kept.begin());
    expect(kept.read('b')).toBeUndefined();
    expect(kept.read('a')).toBe(body);
    expect(kept.read('c')).toBe(body);
  });
});

let server: TestServer;
let cast: MarketplaceCast;
serverForFile(async (started) => {
  server = started;
  cast = await marketplaceCast(server);
  for (const pro of [cast.alice, cast.bob]) {
    await fitEveryNearbyShift(server.services.db, pro.professionalId);
  }
});

async function mainLocationOf(practiceId: string): Promise<string> {
  const [main] = await server.services.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.practiceId, practiceId));
  return main!.id;
}

async function boardOf(client: ApiClient): Promise<ShiftBoardReply> {
  const res = await client.get<ShiftBoardReply>('/api/professional/shift-board');
  expect(res.status).toBe(200);
  return res.body;
}

/** Reads Alice's board twice: the second read must come from memory, unchanged. */
async function keptBoard(): Promise<ShiftBoardReply> {
  const first = await boardOf(cast.alice.client);
  expect(keptAnswersFor(server.services.db).size).toBeGreaterThan(0);
  expect(await boardOf(cast.alice.client)).toEqual(first);
  return first;
}

describe('Find Shifts from memory, on a real server', () => {
  it('keeps a board once read, one per professional and filter', async () => {
    const cache = keptAnswersFor(server.services.db);
    cache.notice('all');
    expect(cache.size).toBe(0);
    await postShift(server, cast.practice.practiceId);
    // Their sessions are kept too: read them first, so only boards are counted.
    await cast.alice.client.get('/api/session');
    await cast.bob.client.get('/api/session');
    const sessions = cache.size;
    const alice = await keptBoard();
    expect(alice.shifts.length).toBeGreaterThan(0);
    expect(cache.size).toBe(sessions + 1);
    await boardOf(cast.bob.client);
    expect(cache.size).toBe(sessions + 2);
    await cast.alice.client.get('/api/professional/shift-board?maxDistance=100');
    expect(cache.size).toBe(sessions + 3);
  });

  it('shows a shift posted by a practice on the next read', async () => {
    await keptBoard();
    const shiftId = await postShift(server, cast.otherPractice.practiceId, { daysAhead: 3 });
    expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).toContain(shiftId);
  });

  it('keeps a board when a shift of its position is posted beyond its reach (decision record 042)', async () => {
    const db = server.services.db;
    const cache = keptAnswersFor(db);
    const aliceBoard = `shift-board|${cast.alice.userId}||false`;
    const locationId = await mainLocationOf(cast.otherPractice.practiceId);
    const [home] = await db
      .select({ latitude: locations.latitude, longitude: locations.longitude })
      .from(locations)
      .where(eq(locations.id, locationId));
    try {
      // Lakeside's office in Cape May for a moment: 100 miles south of Alice, another area.
      await db
        .update(locations)
        .set({ latitude: 38.9351, longitude: -74.906 })
        .where(eq(locations.id, locationId));
      const before = await keptBoard();
      const farShift = await postShift(server, cast.otherPractice.practiceId, { daysAhead: 6 });
      await cache.catchUp(db);
      expect(cache.read(aliceBoard)).toBe(JSON.stringify(before));
      expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).not.toContain(farShift);
    } finally {
      await db.update(locations).set(home!).where(eq(locations.id, locationId));
    }
    // One in her area: her board is computed again.
    await keptBoard();
    const nearShift = await postShift(server, cast.otherPractice.practiceId, { daysAhead: 6 });
    await cache.catchUp(db);
    expect(cache.read(aliceBoard)).toBeUndefined();
    expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).toContain(nearShift);
  });

  it('follows a shift changed or cancelled, even straight in the database', async () => {
    const shiftId = await postShift(server, cast.practice.practiceId, { daysAhead: 4 });
    await keptBoard();
    await server.services.db.update(shifts).set({ rateCents: 9_100 }).where(eq(shifts.id, shiftId));
    const changed = (await boardOf(cast.alice.client)).shifts.find((s) => s.id === shiftId);
    expect(changed?.rateCents).toBe(9_100);
    const cancel = await cast.practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).not.toContain(shiftId);
  });

  it("shows a practice's new name on the next read", async () => {
    await postShift(server, cast.practice.practiceId);
    await keptBoard();
    await server.services.db
      .update(practices)
      .set({ practiceName: 'Harbor Dental Care of Hoboken' })
      .where(eq(practices.id, cast.practice.practiceId));
    const names = (await boardOf(cast.alice.client)).shifts.map((s) => s.practiceName);
    expect(names).toContain('Harbor Dental Care of Hoboken');
    expect(names).not.toContain('Harbor Dental Care');
  });

  it("shows the professional's own application, and the shift leaving once they are booked", async () => {
    const shiftId = await postShift(server, cast.practice.practiceId, { daysAhead: 5 });
    await keptBoard();
    const applied = await cast.alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(applied.status).toBe(201);
    const listed = (await boardOf(cast.alice.client)).shifts.find((s) => s.id === shiftId);
    expect(listed?.myApplication?.status).toBe('pending');
    const accepted = await cast.practice.client.post(
      `/api/practice/applications/${listed!.myApplication!.id}/accept`,
      {},
    );
    expect(accepted.status).toBe(200);
    expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).not.toContain(shiftId);
  });

  it("follows the professional's record: verification and availability", async () => {
    await postShift(server, cast.practice.practiceId);
    expect((await keptBoard()).canBook).toBe(true);
    await server.services.db
      .update(professionals)
      .set({ status: 'suspended' })
      .where(eq(professionals.id, cast.alice.professionalId));
    expect((await boardOf(cast.alice.client)).canBook).toBe(false);
    await server.services.db
      .update(professionals)
      .set({ status: 'verified', availability: [] })
      .where(eq(professionals.id, cast.alice.professionalId));
    const emptied = await boardOf(cast.alice.client);
    expect(emptied.profileComplete).toBe(false);
    expect(emptied.shifts).toEqual([]);
  });

  it("has another user's change made through the API in the very next read", async () => {
    // Clients that do not wait for anything before a request: the server's own catch-up after
    // the practice's request is what puts the new shift on Bob's kept board.
    const plain = (from: ApiClient) => {
      const client = createClient(server.url);
      for (const [name, value] of from.cookies) client.cookies.set(name, value);
      return client;
    };
    const bob = plain(cast.bob.client);
    const practice = plain(cast.practice.client);
    const board = async () =>
      (await bob.get<ShiftBoardReply>('/api/professional/shift-board')).body.shifts.map(
        (s) => s.id,
      );
    await board();
    const kept = keptAnswersFor(server.services.db).size;
    expect(await board()).toEqual(await board());
    expect(keptAnswersFor(server.services.db).size).toBe(kept);
    for (const daysAhead of [7, 8, 9]) {
      const posted = await practice.post('/api/practice/shifts', {
        position: 'Hygienist',
        dates: [practiceDateFromToday(daysAhead)],
        startTime: '08:00',
        endTime: '16:00',
        rate: '58.00',
        locationId: await mainLocationOf(cast.practice.practiceId),
        timePerPatient: 30,
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      expect(await board()).toContain(posted.body.shifts[0].id);
    }
  });

  it('answers from memory what a fresh computation answers', async () => {
    const fromMemory = await boardOf(cast.bob.client);
    keptAnswersFor(server.services.db).notice('all');
    expect(await boardOf(cast.bob.client)).toEqual(fromMemory);
  });
});

describe('the practice dashboard from memory, on a real server', () => {
  const dashboard = async () => {
    const res =
      await cast.otherPractice.client.get<PracticeDashboardDto>('/api/practice/dashboard');
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Reads it twice: the second read must come from memory, unchanged. */
  const keptDashboard = async () => {
    const cache = keptAnswersFor(server.services.db);
    cache.notice('all');
    await cast.otherPractice.client.get('/api/session');
    const first = await dashboard();
    expect(cache.size).toBe(2);
    expect(await dashboard()).toEqual(first);
    return first;
  };

  it("follows the practice's shifts, posted by it or changed straight in the database", async () => {
    const before = await keptDashboard();
    const posted = await cast.otherPractice.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: [practiceDateFromToday(6)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '60.00',
      locationId: await mainLocationOf(cast.otherPractice.practiceId),
      timePerPatient: 30,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const afterPost = await dashboard();
    expect(afterPost.activeRequests).toBe(before.activeRequests + 1);
    expect(afterPost.upcomingShifts).toBe(before.upcomingShifts + 1);
    await keptDashboard();
    await server.services.db
      .update(shifts)
      .set({ status: 'cancelled' })
      .where(eq(shifts.id, posted.body.shifts[0].id));
    expect((await dashboard()).activeRequests).toBe(before.activeRequests);
  });

  it('follows a booking and a rating made by a professional', async () => {
    const shiftId = await postShift(server, cast.otherPractice.practiceId, {
      bookingMode: 'instant',
      daysAhead: 2,
    });
    const before = await keptDashboard();
    const booked = await cast.bob.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const afterBooking = await dashboard();
    expect(afterBooking.professionalsWorkedWith).toBe(before.professionalsWorkedWith + 1);
    expect(afterBooking.activeRequests).toBe(before.activeRequests - 1);

    await moveShiftIntoPast(server, shiftId);
    await recordShiftsWorkedAsScheduled(server.services.db);
    const [booking] = await bookingRows(server, shiftId);
    expect((await keptDashboard()).averageRating).toBeNull();
    const rated = await cast.bob.client.post(`/api/professional/bookings/${booking!.id}/rating`, {
      stars: 5,
      comment: '',
    });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    expect((await dashboard()).averageRating).toBe(5);
  });
});

describe('Staffing Requests pages and months from memory, on a real server', () => {
  const monthOf = (daysAhead: number) => practiceDateFromToday(daysAhead).slice(0, 7);
  const page = async (month: string) => {
    const res = await cast.practice.client.get<ShiftPageDto>(`/api/practice/shifts?month=${month}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Reads it twice: the second read must come from memory, unchanged. */
  const keptPage = async (month: string) => {
    const cache = keptAnswersFor(server.services.db);
    const first = await page(month);
    const size = cache.size;
    expect(await page(month)).toEqual(first);
    expect(cache.size).toBe(size);
    return first;
  };

  it('follows applications, a booked professional renamed and the reach of open shifts', async () => {
    const shiftId = await postShift(server, cast.practice.practiceId, { daysAhead: 10 });
    const month = monthOf(10);
    const counting = (await keptPage(month)).shifts.find((s) => s.id === shiftId)!;
    expect(counting.reach).toBeUndefined();
    expect(counting.reachPending).toBe(true);
    // The count the job stores is announced (migration 0029): the kept page is made again.
    expect((await runReachJob(server)).computedReach).toBeGreaterThanOrEqual(1);
    const before = (await keptPage(month)).shifts.find((s) => s.id === shiftId)!;
    expect(before.applicantCount).toBe(0);
    expect(before.reachPending).toBeUndefined();
    // Bob fits every shift here (he lives nearby and works any day).
    expect(before.reach).toBeGreaterThanOrEqual(1);

    const applied = await cast.bob.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(applied.status).toBe(201);
    expect((await page(month)).shifts.find((s) => s.id === shiftId)!.applicantCount).toBe(1);

    await keptPage(month);
    await server.services.db
      .update(professionals)
      .set({ availability: [] })
      .where(eq(professionals.id, cast.bob.professionalId));
    // The epoch moved ('reach'): the page is read again, with the count stored before, and the
    // new count, once the job stored it, replaces the kept page.
    expect((await page(month)).shifts.find((s) => s.id === shiftId)!.reach).toBe(before.reach);
    await runReachJob(server);
    const fewer = (await keptPage(month)).shifts.find((s) => s.id === shiftId)!;
    expect(fewer.reach).toBe(before.reach! - 1);

    const accepted = await cast.practice.client.post(
      `/api/practice/applications/${applied.body.id}/accept`,
      {},
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const booked = (await keptPage(month)).shifts.find((s) => s.id === shiftId)!;
    expect(booked.booking?.professionalName).toBe('Bob Chen');
    await server.services.db
      .update(professionals)
      .set({ lastName: 'Chen-Okafor' })
      .where(eq(professionals.id, cast.bob.professionalId));
    const renamed = (await page(month)).shifts.find((s) => s.id === shiftId)!;
    expect(renamed.booking?.professionalName).toBe('Bob Chen-Okafor');
  });

  it('follows the months and their counts', async () => {
    const months = async () => {
      const res = await cast.practice.client.get<ShiftMonthsDto>('/api/practice/shift-months');
      expect(res.status).toBe(200);
      return res.body.months;
    };
    const before = await months();
    expect(await months()).toEqual(before);
    const month = monthOf(12);
    const count = before.find((m) => m.month === month)?.counts.Hygienist ?? 0;
    await postShift(server, cast.practice.practiceId, { daysAhead: 12 });
    expect((await months()).find((m) => m.month === month)?.counts.Hygienist).toBe(count + 1);
  });
});
describe("a professional's profile from memory, on a real server", () => {
  it('follows the record and a new screening decision straight in the database', async () => {
    const profile = async () => {
      const res = await cast.alice.client.get<ProfessionalProfileDto>('/api/professional/profile');
      expect(res.status).toBe(200);
      return res.body;
    };
    const cache = keptAnswersFor(server.services.db);
    const first = await profile();
    const size = cache.size;
    expect(await profile()).toEqual(first);
    expect(cache.size).toBe(size);

    await server.services.db
      .update(professionals)
      .set({ status: 'suspended' })
      .where(eq(professionals.id, cast.alice.professionalId));
    expect((await profile()).statusReason).toBeNull();
    // A second decision with its reason, the status unchanged: announced by the decision itself.
    await server.services.db.insert(verificationDecisions).values({
      professionalId: cast.alice.professionalId,
      decision: 'suspended',
      reason: 'License renewal pending',
    });
    expect((await profile()).statusReason).toBe('License renewal pending');
    await server.services.db
      .update(professionals)
      .set({ status: 'verified', firstName: 'Alicia' })
      .where(eq(professionals.id, cast.alice.professionalId));
    const renamed = await profile();
    expect(renamed.firstName).toBe('Alicia');
    expect(renamed.statusReason).toBeNull();
  });
});
