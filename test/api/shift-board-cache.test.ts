import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ShiftBoardReply } from '../../src/shared/matching/shift-board';
import { weekDays } from '../../src/shared/professional/availability';
import { practices, professionals, shifts } from '../../src/server/db/schema';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import {
  ShiftBoardCache,
  shiftBoardCacheFor,
} from '../../src/server/services/matching/shift-board-cache';
import {
  marketplaceCast,
  postShift,
  serverForFile,
  type MarketplaceCast,
} from '../support/marketplace-fixtures';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * Find Shifts answers kept in the server's memory (decision record 011): a read of an unchanged
 * board comes from memory, and every change that decides a board (announced by the database on
 * commit, or the professional's own request) is on the very next read.
 */

describe('ShiftBoardCache', () => {
  const query = { includeBelowMinimum: false } as const;
  const board = (body: string) => ({
    body,
    userId: 'user-1',
    professionalId: 'pro-1',
    position: 'Hygienist' as const,
  });
  const listening = (now = () => 1_000) => {
    const cache = new ShiftBoardCache(1_000, now);
    cache.setListening(true);
    return cache;
  };

  it('keeps nothing and answers nothing while the announcements are not received', () => {
    const cache = new ShiftBoardCache();
    const key = ShiftBoardCache.key('user-1', query);
    cache.keep(key, board('{}'), Infinity, cache.begin());
    expect(cache.read(key)).toBeUndefined();
    cache.setListening(true);
    cache.keep(key, board('{"a":1}'), Infinity, cache.begin());
    expect(cache.read(key)).toBe('{"a":1}');
    cache.setListening(false);
    expect(cache.read(key)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer computed while an announcement arrived', () => {
    const cache = listening();
    const key = ShiftBoardCache.key('user-1', query);
    const begun = cache.begin();
    cache.notice('position:Front Desk');
    cache.keep(key, board('{}'), Infinity, begun);
    expect(cache.read(key)).toBeUndefined();
  });

  it('forgets exactly the boards an announcement concerns', () => {
    const cache = listening();
    const keep = (user: string, pro: string, position: 'Hygienist' | 'Front Desk') =>
      cache.keep(
        ShiftBoardCache.key(user, query),
        { body: user, userId: user, professionalId: pro, position },
        Infinity,
        cache.begin(),
      );
    const read = (user: string) => cache.read(ShiftBoardCache.key(user, query));
    keep('u1', 'p1', 'Hygienist');
    keep('u2', 'p2', 'Hygienist');
    keep('u3', 'p3', 'Front Desk');
    cache.notice('professional:p2');
    expect([read('u1'), read('u2'), read('u3')]).toEqual(['u1', undefined, 'u3']);
    cache.notice('position:Hygienist');
    expect([read('u1'), read('u3')]).toEqual([undefined, 'u3']);
    keep('u1', 'p1', 'Hygienist');
    cache.forgetUser('u3');
    expect([read('u1'), read('u3')]).toEqual(['u1', undefined]);
    cache.notice('all');
    expect(cache.size).toBe(0);
  });

  it('expires a board when its first shift starts, and after five minutes at most', () => {
    let now = 1_000;
    const cache = listening(() => now);
    const key = ShiftBoardCache.key('user-1', query);
    cache.keep(key, board('{}'), 2_000, cache.begin());
    now = 1_999;
    expect(cache.read(key)).toBe('{}');
    now = 2_000;
    expect(cache.read(key)).toBeUndefined();
    cache.keep(key, board('{}'), Infinity, cache.begin());
    now += 5 * 60_000;
    expect(cache.read(key)).toBeUndefined();
  });

  it('stays within its memory, dropping the least recently read', () => {
    const cache = listening();
    const body = 'x'.repeat(200); // 400 bytes each against 1,000
    const key = (user: string) => ShiftBoardCache.key(user, query);
    for (const user of ['a', 'b']) {
      cache.keep(key(user), { ...board(body), userId: user }, Infinity, cache.begin());
    }
    cache.read(key('a'));
    cache.keep(key('c'), { ...board(body), userId: 'c' }, Infinity, cache.begin());
    expect(cache.read(key('b'))).toBeUndefined();
    expect(cache.read(key('a'))).toBe(body);
    expect(cache.read(key('c'))).toBe(body);
  });
});

let server: TestServer;
let cast: MarketplaceCast;
serverForFile(async (started) => {
  server = started;
  cast = await marketplaceCast(server);
  // Both hygienists live in Hackensack, where the practices are, and work any day, 7 to 6.
  for (const pro of [cast.alice, cast.bob]) {
    await server.services.db
      .update(professionals)
      .set({
        homeZipCode: '07601',
        ...homeCoordinates('07601'),
        travelDistanceMiles: 30,
        minimumRateCents: 0,
        availability: weekDays.map((day) => ({ day, startTime: '07:00', endTime: '18:00' })),
      })
      .where(eq(professionals.id, pro.professionalId));
  }
});

async function boardOf(client: ApiClient): Promise<ShiftBoardReply> {
  const res = await client.get<ShiftBoardReply>('/api/professional/shift-board');
  expect(res.status).toBe(200);
  return res.body;
}

/** Reads Alice's board twice: the second read must come from memory, unchanged. */
async function keptBoard(): Promise<ShiftBoardReply> {
  const first = await boardOf(cast.alice.client);
  expect(shiftBoardCacheFor(server.services.db).size).toBeGreaterThan(0);
  expect(await boardOf(cast.alice.client)).toEqual(first);
  return first;
}

describe('Find Shifts from memory, on a real server', () => {
  it('keeps a board once read, one per professional and filter', async () => {
    const cache = shiftBoardCacheFor(server.services.db);
    cache.notice('all');
    await postShift(server, cast.practice.practiceId);
    const alice = await keptBoard();
    expect(alice.shifts.length).toBeGreaterThan(0);
    expect(cache.size).toBe(1);
    await boardOf(cast.bob.client);
    expect(cache.size).toBe(2);
    await cast.alice.client.get('/api/professional/shift-board?maxDistance=100');
    expect(cache.size).toBe(3);
  });

  it('shows a shift posted by a practice on the next read', async () => {
    await keptBoard();
    const shiftId = await postShift(server, cast.otherPractice.practiceId, { daysAhead: 3 });
    expect((await boardOf(cast.alice.client)).shifts.map((s) => s.id)).toContain(shiftId);
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

  it('answers from memory what a fresh computation answers', async () => {
    const fromMemory = await boardOf(cast.bob.client);
    shiftBoardCacheFor(server.services.db).notice('all');
    expect(await boardOf(cast.bob.client)).toEqual(fromMemory);
  });
});
