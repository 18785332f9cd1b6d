import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../src/shared/marketplace/bookings';
import { ratingMessages } from '../../src/shared/marketplace/ratings';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { bookings, shifts, timesheets } from '../../src/server/db/schema';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import {
  bookingRows,
  liveBooking,
  marketplaceSnapshot,
  moveShiftIntoPast,
  postShift,
  professionalUser,
  ratingRows,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
  marketplaceCast,
  serverForFile,
} from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
let practice: PracticeUser;
let otherPractice: PracticeUser;
let alice: ProfessionalUser;
let bob: ProfessionalUser;
serverForFile(async (started) => {
  server = started;
  ({ practice, otherPractice, alice, bob } = await marketplaceCast(server));
});

/** An instant shift booked by `pro`, worked (moved into the past) and, unless told, completed. */
async function workedShift(pro: ProfessionalUser = alice, complete = true) {
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  const res = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(res.status).toBe(201);
  await moveShiftIntoPast(server, shiftId);
  if (complete) await recordShiftsWorkedAsScheduled(server.services.db);
  return { shiftId, bookingId: res.body.id as string };
}

describe('recordShiftsWorkedAsScheduled (demo data, benchmarks and tests)', () => {
  it('records the ended booked shifts as worked to the schedule, once; leaves the rest alone', async () => {
    const db = server.services.db;
    const ended = await workedShift(alice, false);
    const upcoming = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    await bob.client.post(`/api/professional/shifts/${upcoming}/book`);
    const openEnded = await postShift(server, practice.practiceId);
    await moveShiftIntoPast(server, openEnded);
    const cancelled = await workedShift(bob, false);
    await db.update(shifts).set({ status: 'cancelled' }).where(eq(shifts.id, cancelled.shiftId));
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'practice' })
      .where(eq(bookings.id, cancelled.bookingId));

    const now = new Date();
    // The count includes shifts of earlier tests in this file that ended and were filled.
    const completed = await recordShiftsWorkedAsScheduled(db, now);
    expect(completed).toBeGreaterThanOrEqual(1);
    expect((await shiftRow(server, ended.shiftId)).status).toBe('completed');
    const [booking] = await bookingRows(server, ended.shiftId);
    expect(booking).toMatchObject({ status: 'completed' });
    expect(booking!.completedAt).toEqual(now);
    expect(booking!.checkedInAt).not.toBeNull();
    const [sheet] = await db.select().from(timesheets).where(eq(timesheets.bookingId, booking!.id));
    expect(sheet).toMatchObject({ status: 'approved', approvedBy: 'practice' });
    expect(sheet!.amountCents).toBe(Math.round((sheet!.workedMinutes * sheet!.rateCents) / 60));

    expect((await shiftRow(server, upcoming)).status).toBe('filled');
    expect((await liveBooking(server, upcoming))!.status).toBe('confirmed');
    expect((await shiftRow(server, openEnded)).status).toBe('open');
    expect((await shiftRow(server, cancelled.shiftId)).status).toBe('cancelled');
    expect((await bookingRows(server, cancelled.shiftId))[0]!.status).toBe('cancelled');

    // Idempotent: nothing left to do, nothing changes.
    const before = await marketplaceSnapshot(server, ended.shiftId);
    expect(await recordShiftsWorkedAsScheduled(db, new Date())).toBe(0);
    expect(await marketplaceSnapshot(server, ended.shiftId)).toEqual(before);

    // A shift ending exactly at `now` counts as ended.
    const edge = await workedShift(alice, false);
    const endsAt = new Date(Date.now() - 60_000);
    await db.update(shifts).set({ endsAt }).where(eq(shifts.id, edge.shiftId));
    expect(await recordShiftsWorkedAsScheduled(db, new Date(endsAt.getTime() - 1))).toBe(0);
    expect(await recordShiftsWorkedAsScheduled(db, endsAt)).toBe(1);
    expect((await shiftRow(server, edge.shiftId)).status).toBe('completed');
  });
});

describe('two-way ratings', () => {
  it('each side rates a completed shift once; averages show on dashboards and applicant cards', async () => {
    const { shiftId, bookingId } = await workedShift(alice);

    const byPro = await alice.client.post(`/api/professional/bookings/${bookingId}/rating`, {
      stars: 4,
      comment: ' Friendly team ',
    });
    expect(byPro.status, JSON.stringify(byPro.body)).toBe(201);
    expect(byPro.body).toMatchObject({
      bookingId,
      raterSide: 'professional',
      stars: 4,
      comment: 'Friendly team',
    });
    const byPractice = await practice.client.post(`/api/practice/shifts/${shiftId}/rating`, {
      stars: 5,
    });
    expect(byPractice.status).toBe(201);
    expect(byPractice.body).toMatchObject({
      bookingId,
      raterSide: 'practice',
      stars: 5,
      comment: '',
    });
    expect(await ratingRows(server, bookingId)).toHaveLength(2);

    // Twice: 409, nothing added.
    const twice = await alice.client.post(`/api/professional/bookings/${bookingId}/rating`, {
      stars: 1,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(ratingMessages.alreadyRated);
    const practiceTwice = await practice.client.post(`/api/practice/shifts/${shiftId}/rating`, {
      stars: 1,
    });
    expect(practiceTwice.status).toBe(409);
    expect(practiceTwice.body.error.message).toBe(ratingMessages.alreadyRated);
    expect((await ratingRows(server, bookingId)).map((r) => r.stars).sort()).toEqual([4, 5]);

    // What each side sees now.
    const mine = await alice.client.get('/api/professional/bookings');
    expect(mine.body.bookings.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      status: 'completed',
      canRate: false,
      canCancel: false,
      myRating: { stars: 4, comment: 'Friendly team' },
    });
    const list = await practice.client.get('/api/practice/shifts');
    expect(list.body.shifts.find((s: ShiftDto) => s.id === shiftId)).toMatchObject({
      status: 'completed',
      booking: { status: 'completed', canRate: false, myRating: { stars: 5, comment: '' } },
    });
    expect((await alice.client.get('/api/professional/dashboard')).body.averageRating).toBe(5);
    expect((await practice.client.get('/api/practice/dashboard')).body.averageRating).toBe(4);

    // Carla works two shifts, rated 5 and 4 by the practice: her applicant card elsewhere
    // shows 4.5 of 2 ratings and 2 shifts completed; her dashboard 4.5.
    const carla = await professionalUser(server, { firstName: 'Carla' });
    for (const stars of [5, 4]) {
      const worked = await workedShift(carla);
      await practice.client.post(`/api/practice/shifts/${worked.shiftId}/rating`, { stars });
    }
    const open = await postShift(server, otherPractice.practiceId);
    await carla.client.post(`/api/professional/shifts/${open}/apply`, {});
    const cards = await otherPractice.client.get(`/api/practice/shifts/${open}/applicants`);
    expect(cards.body.applicants[0]).toMatchObject({
      averageRating: 4.5,
      ratingCount: 2,
      shiftsCompleted: 2,
    });
    expect((await carla.client.get('/api/professional/dashboard')).body.averageRating).toBe(4.5);
  });

  it('a completed booking not yet rated can be rated (canRate)', async () => {
    const { shiftId, bookingId } = await workedShift(bob);
    const mine = await bob.client.get('/api/professional/bookings');
    expect(mine.body.bookings.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      canRate: true,
      myRating: null,
    });
    const list = await practice.client.get('/api/practice/shifts');
    expect(list.body.shifts.find((s: ShiftDto) => s.id === shiftId).booking).toMatchObject({
      professionalName: 'Bob Chen',
      canRate: true,
    });
  });

  it('refuses rating before completion, out-of-range stars and long comments, changing nothing', async () => {
    const booked = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const res = await alice.client.post(`/api/professional/shifts/${booked}/book`);
    const bookingId = res.body.id as string;
    const open = await postShift(server, practice.practiceId);
    const ended = await workedShift(alice, false); // ended, not completed yet

    const attempts: Array<[() => Promise<{ status: number; body: any }>, number, string]> = [
      [
        () => alice.client.post(`/api/professional/bookings/${bookingId}/rating`, { stars: 5 }),
        409,
        ratingMessages.notCompleted,
      ],
      [
        () => practice.client.post(`/api/practice/shifts/${booked}/rating`, { stars: 5 }),
        409,
        ratingMessages.notCompleted,
      ],
      [
        () => practice.client.post(`/api/practice/shifts/${open}/rating`, { stars: 5 }),
        409,
        ratingMessages.notCompleted,
      ],
      [
        () =>
          alice.client.post(`/api/professional/bookings/${ended.bookingId}/rating`, { stars: 5 }),
        409,
        ratingMessages.notCompleted,
      ],
    ];
    for (const stars of [0, 6, 4.5, '5', null]) {
      attempts.push([
        () => alice.client.post(`/api/professional/bookings/${bookingId}/rating`, { stars }),
        400,
        ratingMessages.starsRequired,
      ]);
    }
    attempts.push([
      () =>
        practice.client.post(`/api/practice/shifts/${booked}/rating`, {
          stars: 3,
          comment: 'x'.repeat(1001),
        }),
      400,
      ratingMessages.commentTooLong,
    ]);
    const before = [
      await marketplaceSnapshot(server, booked),
      await marketplaceSnapshot(server, open),
      await marketplaceSnapshot(server, ended.shiftId),
    ];
    for (const [attempt, status, message] of attempts) {
      const result = await attempt();
      expect(result.status, message).toBe(status);
      expect(result.body.error.message).toBe(message);
    }
    expect([
      await marketplaceSnapshot(server, booked),
      await marketplaceSnapshot(server, open),
      await marketplaceSnapshot(server, ended.shiftId),
    ]).toEqual(before);
  });

  it('rates only own bookings and shifts', async () => {
    const { shiftId, bookingId } = await workedShift(alice);
    const before = await marketplaceSnapshot(server, shiftId);
    const otherPro = await bob.client.post(`/api/professional/bookings/${bookingId}/rating`, {
      stars: 1,
    });
    expect(otherPro.status).toBe(404);
    expect(otherPro.body.error.message).toBe(bookingMessages.bookingNotFound);
    const otherPracticeRating = await otherPractice.client.post(
      `/api/practice/shifts/${shiftId}/rating`,
      { stars: 1 },
    );
    expect(otherPracticeRating.status).toBe(404);
    expect(otherPracticeRating.body.error.message).toBe(bookingMessages.shiftNotFound);
    expect(
      (await practice.client.post(`/api/professional/bookings/${bookingId}/rating`, { stars: 1 }))
        .status,
    ).toBe(403);
    expect(
      (await alice.client.post(`/api/practice/shifts/${shiftId}/rating`, { stars: 1 })).status,
    ).toBe(403);
    expect(
      (await server.client().post(`/api/practice/shifts/${shiftId}/rating`, { stars: 1 })).status,
    ).toBe(401);
    expect(
      (await alice.client.post(`/api/professional/bookings/${randomUUID()}/rating`, { stars: 1 }))
        .status,
    ).toBe(404);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });
});
