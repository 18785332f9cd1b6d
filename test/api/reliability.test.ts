import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  reliabilityReply,
  reliabilityScore,
  reliabilityTexts,
  reliabilityWindowStart,
  type ReliabilityDto,
} from '../../src/shared/trust/reliability';
import { bookings, shifts } from '../../src/server/db/schema';
import {
  readReliabilities,
  readReliability,
} from '../../src/server/services/trust/professional-reliability';
import {
  marketplaceCast,
  postShift,
  professionalUser,
  serverForFile,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

/**
 * A professional's reliability: completed shifts, late cancellations and no-shows over the last
 * 12 months as a score. Each history here is made through the API (book, cancel, check in and
 * out, approve, report a no-show); only the shifts' times are moved, as the attendance tests do.
 */

let server: TestServer;
let practice: PracticeUser;

serverForFile(async (started) => {
  server = started;
  ({ practice } = await marketplaceCast(server));
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let people = 0;
let worked = 0;
/** A new verified hygienist with no bookings yet. */
function newProfessional(): Promise<ProfessionalUser> {
  people += 1;
  return professionalUser(server, { firstName: `Casey${people}`, lastName: 'Lopez' });
}

async function moveShift(shiftId: string, startsAt: Date, hours = 8) {
  await server.services.db
    .update(shifts)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + hours * HOUR) })
    .where(eq(shifts.id, shiftId));
}

/** An instant shift booked by `pro`, then moved to start `startsIn` milliseconds from now. */
async function bookedShift(pro: ProfessionalUser, startsIn: number) {
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await moveShift(shiftId, new Date(Date.now() + startsIn));
  return { shiftId, bookingId: booked.body.id as string };
}

async function cancelledByProfessional(pro: ProfessionalUser, startsIn: number) {
  const { shiftId, bookingId } = await bookedShift(pro, startsIn);
  const res = await pro.client.post(`/api/professional/bookings/${bookingId}/cancel`, {
    reason: 'Car trouble',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { shiftId, bookingId };
}

async function cancelledByPractice(pro: ProfessionalUser, startsIn: number) {
  const { shiftId } = await bookedShift(pro, startsIn);
  const res = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
    reason: 'Office closed for repairs',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { shiftId };
}

/** Checked in with the practice's code, worked, hours submitted and approved by the practice. */
async function completedShift(pro: ProfessionalUser) {
  const { shiftId, bookingId } = await bookedShift(pro, 10 * MINUTE);
  const codes = await practice.client.get('/api/practice/check-in-codes');
  const code = codes.body.shifts.find((s: { bookingId: string }) => s.bookingId === bookingId).code;
  const checkIn = await pro.client.post(`/api/professional/bookings/${bookingId}/check-in`, {
    code,
  });
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
  // Worked eight hours, each shift before the one worked before it (a professional's
  // timesheets may not overlap), checked in at its start (the start may not precede it).
  const endsAt = new Date(Date.now() - 5 * MINUTE - worked++ * 9 * HOUR);
  const startsAt = new Date(endsAt.getTime() - 8 * HOUR);
  await moveShift(shiftId, startsAt);
  await server.services.db
    .update(bookings)
    .set({ checkedInAt: startsAt })
    .where(eq(bookings.id, bookingId));
  const sheet = await pro.client.post(`/api/professional/bookings/${bookingId}/timesheet`, {
    startedAt: startsAt.toISOString(),
    endedAt: endsAt.toISOString(),
    breakMinutes: 30,
  });
  expect(sheet.status, JSON.stringify(sheet.body)).toBe(201);
  const approved = await practice.client.post(
    `/api/practice/timesheets/${sheet.body.timesheet.id}/approve`,
  );
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { shiftId, bookingId };
}

/** Booked, started 31 minutes ago without a check-in, reported as a no-show by the practice. */
async function noShow(pro: ProfessionalUser) {
  const { shiftId, bookingId } = await bookedShift(pro, -31 * MINUTE);
  const res = await practice.client.post(`/api/practice/bookings/${bookingId}/no-show`);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return { shiftId, bookingId };
}

async function ownReliability(pro: ProfessionalUser): Promise<ReliabilityDto> {
  const res = await pro.client.get('/api/professional/reliability');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reliabilityReply.parse(res.body);
}

describe('the score rule', () => {
  it.each([
    // completed, late cancellations, no-shows, score
    [0, 0, 0, null],
    [1, 0, 0, 100],
    [24, 0, 0, 100],
    [24, 1, 0, 96],
    [24, 0, 1, 92],
    [9, 1, 0, 90],
    [8, 0, 1, 80],
    [3, 1, 1, 50],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    // Rounded down: 100 only when nothing counts against them.
    [499, 1, 0, 99],
    [2, 1, 0, 66],
  ])('%i completed, %i late, %i no-shows: %s', (completed, lateCancellations, noShows, score) => {
    expect(reliabilityScore({ completed, lateCancellations, noShows })).toBe(score);
  });

  it('a no-show weighs more than a late cancellation', () => {
    for (const completed of [1, 5, 20, 100]) {
      const late = reliabilityScore({ completed, lateCancellations: 1, noShows: 0 })!;
      const missed = reliabilityScore({ completed, lateCancellations: 0, noShows: 1 })!;
      expect(missed).toBeLessThan(late);
    }
  });

  it('counts from the same time 12 months back', () => {
    expect(reliabilityWindowStart(new Date('2027-03-04T13:00:00Z')).toISOString()).toBe(
      '2026-03-04T13:00:00.000Z',
    );
    // In New Jersey: 9 a.m. on March 10, 2027 (standard time) back to 9 a.m. (daylight time).
    expect(reliabilityWindowStart(new Date('2027-03-10T14:00:00Z')).toISOString()).toBe(
      '2026-03-10T13:00:00.000Z',
    );
    expect(reliabilityWindowStart(new Date('2028-02-29T17:00:00Z')).toISOString()).toBe(
      '2027-02-28T17:00:00.000Z',
    );
  });

  it('says the parts as the applicant card shows them', () => {
    expect(
      reliabilityTexts.parts({ score: 92, completed: 24, lateCancellations: 1, noShows: 0 }),
    ).toBe('24 completed · 1 late cancellation · 0 no-shows (last 12 months)');
    expect(
      reliabilityTexts.summary({ score: 96, completed: 24, lateCancellations: 1, noShows: 0 }),
    ).toBe('96 · 24 completed · 1 late cancellation · 0 no-shows (last 12 months)');
    expect(
      reliabilityTexts.summary({ score: null, completed: 0, lateCancellations: 0, noShows: 0 }),
    ).toBe('New: no shifts yet');
    expect(reliabilityTexts.meanings.lateCancellations).toBe(
      'Shifts you cancelled less than 24 hours before the start.',
    );
  });
});

describe('what counts', () => {
  it('a new professional has no score yet', async () => {
    const pro = await newProfessional();
    expect(await ownReliability(pro)).toEqual({
      score: null,
      completed: 0,
      lateCancellations: 0,
      noShows: 0,
    });
  });

  it('completed shifts count; a bare booking not yet worked does not', async () => {
    const pro = await newProfessional();
    await completedShift(pro);
    await completedShift(pro);
    await bookedShift(pro, 3 * 24 * HOUR);
    expect(await ownReliability(pro)).toEqual({
      score: 100,
      completed: 2,
      lateCancellations: 0,
      noShows: 0,
    });
  });

  it('a late cancellation by the professional lowers it; an early one does not', async () => {
    const pro = await newProfessional();
    await completedShift(pro);
    await cancelledByProfessional(pro, 25 * HOUR);
    expect(await ownReliability(pro)).toMatchObject({ score: 100, lateCancellations: 0 });

    await cancelledByProfessional(pro, 23 * HOUR);
    expect(await ownReliability(pro)).toEqual({
      score: 50,
      completed: 1,
      lateCancellations: 1,
      noShows: 0,
    });
  });

  it("the practice's cancellation does not change it, however late", async () => {
    const pro = await newProfessional();
    await completedShift(pro);
    await cancelledByPractice(pro, 3 * HOUR);
    await cancelledByPractice(pro, 3 * 24 * HOUR);
    expect(await ownReliability(pro)).toEqual({
      score: 100,
      completed: 1,
      lateCancellations: 0,
      noShows: 0,
    });
  });

  it('a no-show lowers it, more than a late cancellation', async () => {
    const missed = await newProfessional();
    const late = await newProfessional();
    for (const pro of [missed, late]) await completedShift(pro);
    await noShow(missed);
    await cancelledByProfessional(late, 2 * HOUR);
    const missedReliability = await ownReliability(missed);
    expect(missedReliability).toEqual({
      score: 33,
      completed: 1,
      lateCancellations: 0,
      noShows: 1,
    });
    expect(missedReliability.score!).toBeLessThan((await ownReliability(late)).score!);
  });

  it('bookings of shifts more than 12 months ago do not count', async () => {
    const pro = await newProfessional();
    const old = await noShow(pro);
    const oldLate = await cancelledByProfessional(pro, 2 * HOUR);
    await completedShift(pro);
    expect(await ownReliability(pro)).toMatchObject({ lateCancellations: 1, noShows: 1 });

    const now = new Date();
    const windowStart = reliabilityWindowStart(now);
    // Starting just before the window: no longer counted.
    for (const { shiftId } of [old, oldLate]) {
      await server.services.db
        .update(shifts)
        .set({
          startsAt: new Date(windowStart.getTime() - HOUR),
          endsAt: new Date(windowStart.getTime() + 7 * HOUR),
        })
        .where(eq(shifts.id, shiftId));
    }
    expect(await ownReliability(pro)).toEqual({
      score: 100,
      completed: 1,
      lateCancellations: 0,
      noShows: 0,
    });
    // Just inside it, as read at that moment: counted again.
    const justInside = new Date(now.getTime() - 2 * HOUR);
    expect(await readReliability(server.services.db, pro.professionalId, justInside)).toEqual({
      score: 25,
      completed: 1,
      lateCancellations: 1,
      noShows: 1,
    });
  });

  it('the batch reader answers for many professionals in one go, each their own', async () => {
    const kept = await newProfessional();
    const missed = await newProfessional();
    const fresh = await newProfessional();
    await completedShift(kept);
    await noShow(missed);
    const read = await readReliabilities(server.services.db, [
      kept.professionalId,
      missed.professionalId,
      fresh.professionalId,
      kept.professionalId,
    ]);
    expect(Object.fromEntries(read)).toEqual({
      [kept.professionalId]: { score: 100, completed: 1, lateCancellations: 0, noShows: 0 },
      [missed.professionalId]: { score: 0, completed: 0, lateCancellations: 0, noShows: 1 },
      [fresh.professionalId]: { score: null, completed: 0, lateCancellations: 0, noShows: 0 },
    });
    expect((await readReliabilities(server.services.db, [])).size).toBe(0);
  });
});

describe('who sees it', () => {
  it("the applicant card carries each applicant's reliability", async () => {
    const steady = await newProfessional();
    const fresh = await newProfessional();
    await completedShift(steady);
    await completedShift(steady);
    await completedShift(steady);
    await cancelledByProfessional(steady, 5 * HOUR);
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'review' });
    for (const pro of [steady, fresh]) {
      const applied = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    }
    const res = await practice.client.get(`/api/practice/shifts/${shiftId}/applicants`);
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(
      res.body.applicants.map((a: { professionalId: string; reliability: ReliabilityDto }) => [
        a.professionalId,
        a.reliability,
      ]),
    );
    expect(byId).toEqual({
      [steady.professionalId]: { score: 75, completed: 3, lateCancellations: 1, noShows: 0 },
      [fresh.professionalId]: { score: null, completed: 0, lateCancellations: 0, noShows: 0 },
    });
  });

  it('a professional reads only their own; a practice or a signed-out caller is refused', async () => {
    const missed = await newProfessional();
    const other = await newProfessional();
    await noShow(missed);
    await completedShift(other);
    expect(await ownReliability(missed)).toMatchObject({ noShows: 1, completed: 0 });
    expect(await ownReliability(other)).toMatchObject({ noShows: 0, completed: 1 });
    // No id in the path: a query naming someone else changes nothing.
    const withId = await other.client.get(
      `/api/professional/reliability?professionalId=${missed.professionalId}`,
    );
    expect(withId.body).toMatchObject({ noShows: 0, completed: 1 });

    const asPractice = await practice.client.get('/api/professional/reliability');
    expect(asPractice.status).toBe(403);
    const signedOut = await server.client().get('/api/professional/reliability');
    expect(signedOut.status).toBe(401);
    expect(JSON.stringify(signedOut.body)).not.toContain('noShows');
  });
});
