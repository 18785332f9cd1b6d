import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PracticeDashboardDto } from '../../src/shared/practice/practice-replies';
import { bookings, shiftReach, shifts } from '../../src/server/db/schema';
import {
  moveShiftIntoPast,
  postShift,
  practiceUser,
  professionalUser,
  serverForFile,
  type PracticeUser,
} from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

/**
 * The practice dashboard's fill figures (issue 42): of its shifts that started in the last 90
 * days, how many someone was booked on, the median time from posting to the first booking, and
 * the unfilled ones with the main reason each missed.
 */

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const MINUTE = 60_000;

/** Sets when a shift was posted: `minutes` before its first booking (or before now). */
async function postedBeforeFirstBooking(shiftId: string, minutes: number) {
  const [first] = await server.services.db
    .select({ at: sql<string>`min(${bookings.createdAt})` })
    .from(bookings)
    .where(eq(bookings.shiftId, shiftId));
  const at = first?.at ? new Date(first.at) : new Date();
  await server.services.db
    .update(shifts)
    .set({ createdAt: new Date(at.getTime() - minutes * MINUTE) })
    .where(eq(shifts.id, shiftId));
}

/** Moves a shift's start `days` into the past (8 hours long) and its posting a week before it. */
async function startedDaysAgo(shiftId: string, days: number) {
  const start = new Date(Date.now() - days * 24 * 60 * MINUTE);
  await server.services.db
    .update(shifts)
    .set({
      startsAt: start,
      endsAt: new Date(start.getTime() + 8 * 60 * MINUTE),
      createdAt: new Date(start.getTime() - 7 * 24 * 60 * MINUTE),
    })
    .where(eq(shifts.id, shiftId));
}

async function fillOf(practice: PracticeUser) {
  const res = await practice.client.get<PracticeDashboardDto>('/api/practice/dashboard');
  expect(res.status).toBe(200);
  return res.body.fill;
}

async function bookInstant(shiftId: string, firstName: string) {
  const pro = await professionalUser(server, { firstName });
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status).toBe(201);
  return { pro, bookingId: booked.body.id as string };
}

describe('the practice dashboard’s fill figures', () => {
  it('say nothing while no shift has started', async () => {
    const practice = await practiceUser(server, 'Fresh Start Dental');
    await postShift(server, practice.practiceId, { daysAhead: 5 });
    expect(await fillOf(practice)).toEqual({
      windowDays: 90,
      ended: 0,
      filled: 0,
      fillRate: null,
      medianMinutesToFill: null,
      unfilledShifts: [],
    });
  });

  it('count the shifts booked when they started, time to fill and why the others missed', async () => {
    const practice = await practiceUser(server, 'Maple Dental');
    const instant = { bookingMode: 'instant' as const };

    // Two filled: posted 60 and 180 minutes before their first booking (median 120).
    const filledA = await postShift(server, practice.practiceId, { ...instant, daysAhead: 3 });
    await bookInstant(filledA, 'Ann');
    await postedBeforeFirstBooking(filledA, 60);
    const filledB = await postShift(server, practice.practiceId, { ...instant, daysAhead: 4 });
    await bookInstant(filledB, 'Ben');
    await postedBeforeFirstBooking(filledB, 180);
    await moveShiftIntoPast(server, filledA);
    await moveShiftIntoPast(server, filledB);

    // An applicant left waiting.
    const waiting = await postShift(server, practice.practiceId, { daysAhead: 5 });
    const cy = await professionalUser(server, { firstName: 'Cy' });
    expect((await cy.client.post(`/api/professional/shifts/${waiting}/apply`, {})).status).toBe(
      201,
    );
    await startedDaysAgo(waiting, 1);

    // Reached nobody (its stored reach is 0).
    const nobodyReached = await postShift(server, practice.practiceId, { daysAhead: 6 });
    await server.services.db.insert(shiftReach).values({
      shiftId: nobodyReached,
      reach: 0,
      epoch: 0,
      position: 'Hygienist',
      rateCents: 5000,
    });
    await startedDaysAgo(nobodyReached, 2);

    // The booked professional cancelled; nobody took it again.
    const dropped = await postShift(server, practice.practiceId, { ...instant, daysAhead: 7 });
    const { pro: dee, bookingId } = await bookInstant(dropped, 'Dee');
    const cancelled = await dee.client.post(`/api/professional/bookings/${bookingId}/cancel`, {
      reason: 'Sick',
    });
    expect(cancelled.status).toBe(200);
    await startedDaysAgo(dropped, 3);

    // Posted two hours before it started.
    const late = await postShift(server, practice.practiceId, { daysAhead: 8 });
    await startedDaysAgo(late, 4);
    await server.services.db
      .update(shifts)
      .set({ createdAt: sql`${shifts.startsAt} - interval '2 hours'` })
      .where(eq(shifts.id, late));

    // Nobody took it.
    const untaken = await postShift(server, practice.practiceId, { daysAhead: 9 });
    await startedDaysAgo(untaken, 5);

    // Not counted: cancelled by the practice, started 91 days ago, not started yet.
    const withdrawn = await postShift(server, practice.practiceId, { daysAhead: 10 });
    const withdrawal = await practice.client.post(`/api/practice/shifts/${withdrawn}/cancel`, {});
    expect(withdrawal.status).toBe(200);
    await startedDaysAgo(withdrawn, 6);
    const old = await postShift(server, practice.practiceId, { daysAhead: 11 });
    await startedDaysAgo(old, 91);
    await postShift(server, practice.practiceId, { daysAhead: 12 });

    const fill = await fillOf(practice);
    expect(fill).toMatchObject({
      windowDays: 90,
      ended: 7,
      filled: 2,
      fillRate: 2 / 7,
      medianMinutesToFill: 120,
    });
    expect(fill.unfilledShifts.map((s) => [s.id, s.mainReason])).toEqual([
      [waiting, 'applicants_waiting'],
      [nobodyReached, 'reached_nobody'],
      [dropped, 'professional_cancelled'],
      [late, 'posted_late'],
      [untaken, 'nobody_took_it'],
    ]);
    expect(fill.unfilledShifts[0]).toMatchObject({ position: 'Hygienist' });
    expect(Date.parse(fill.unfilledShifts[0]!.startTime)).toBeLessThan(Date.now());

    // Another practice sees only its own.
    const other = await practiceUser(server, 'Other Dental');
    expect((await fillOf(other)).ended).toBe(0);
  });

  it('keep a shift whose professional did not come among those booked when it started', async () => {
    const practice = await practiceUser(server, 'Birch Dental');
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      daysAhead: 3,
    });
    const { bookingId } = await bookInstant(shiftId, 'Eve');
    await moveShiftIntoPast(server, shiftId);
    const reported = await practice.client.post(`/api/practice/bookings/${bookingId}/no-show`);
    expect(reported.status).toBe(204);
    const [row] = await server.services.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(inArray(shifts.id, [shiftId]));
    expect(row?.status).toBe('cancelled');
    expect(await fillOf(practice)).toMatchObject({ ended: 1, filled: 1, fillRate: 1 });
  });
});
