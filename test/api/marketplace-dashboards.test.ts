import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfessionalBookingDto } from '../../src/shared/marketplace/booking-replies';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { shifts } from '../../src/server/db/schema';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import {
  moveShiftIntoPast,
  postShift,
  practiceUser,
  professionalUser,
  type PracticeUser,
  type ProfessionalUser,
  serverForFile,
} from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

async function book(pro: ProfessionalUser, practice: PracticeUser, daysAhead = 2) {
  const shiftId = await postShift(server, practice.practiceId, {
    bookingMode: 'instant',
    daysAhead,
  });
  const res = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(res.status).toBe(201);
  return { shiftId, bookingId: res.body.id as string };
}

describe('practice dashboard', () => {
  it('counts professionals worked with, the median response time and the rating', async () => {
    const practice = await practiceUser(server);
    const empty = await practice.client.get('/api/practice/dashboard');
    expect(empty.body).toMatchObject({
      professionalsWorkedWith: 0,
      averageResponseMinutes: null,
      averageRating: null,
    });

    const ann = await professionalUser(server, { firstName: 'Ann' });
    const ben = await professionalUser(server, { firstName: 'Ben' });
    const cy = await professionalUser(server, { firstName: 'Cy' });
    await book(ann, practice, 2);
    await book(ann, practice, 3);
    await book(ben, practice, 4);
    const cancelled = await book(cy, practice, 5);
    await cy.client.post(`/api/professional/bookings/${cancelled.bookingId}/cancel`, {
      reason: 'Sick',
    });
    // Completed bookings count too.
    const worked = await book(ben, practice, 6);
    await moveShiftIntoPast(server, worked.shiftId);
    await recordShiftsWorkedAsScheduled(server.services.db);

    // Response times: set the posting and first response of three shifts by hand (10, 30 and
    // 120 minutes); every other shift of this practice gets no response at all.
    await server.services.db
      .update(shifts)
      .set({ firstResponseAt: null })
      .where(eq(shifts.practiceId, practice.practiceId));
    const posted = new Date('2030-01-07T12:00:00Z');
    for (const minutes of [10, 30, 120]) {
      const shiftId = await postShift(server, practice.practiceId);
      await server.services.db
        .update(shifts)
        .set({ createdAt: posted, firstResponseAt: new Date(posted.getTime() + minutes * 60_000) })
        .where(eq(shifts.id, shiftId));
    }
    await postShift(server, practice.practiceId); // no response: not counted

    const res = await practice.client.get('/api/practice/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      professionalsWorkedWith: 2,
      averageResponseMinutes: 30,
      averageRating: null,
    });
  });

  it('the median response time of a real application', async () => {
    const practice = await practiceUser(server);
    const dee = await professionalUser(server, { firstName: 'Dee' });
    const shiftId = await postShift(server, practice.practiceId);
    await server.services.db
      .update(shifts)
      .set({ createdAt: new Date(Date.now() - 45 * 60_000) })
      .where(eq(shifts.id, shiftId));
    await dee.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    const res = await practice.client.get('/api/practice/dashboard');
    expect(res.body.averageResponseMinutes).toBeGreaterThanOrEqual(45);
    expect(res.body.averageResponseMinutes).toBeLessThan(46);
    expect(res.body.professionalsWorkedWith).toBe(0);
  });
});

describe('professional dashboard, schedule and bookings', () => {
  it('counts a shift under way as neither completed nor upcoming', async () => {
    const practice = await practiceUser(server, 'Midday Dental');
    const gus = await professionalUser(server, { firstName: 'Gus' });
    const underWay = await book(gus, practice, 6);
    const ahead = await book(gus, practice, 7);
    await server.services.db
      .update(shifts)
      .set({
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 3 * 3_600_000),
      })
      .where(eq(shifts.id, underWay.shiftId));
    const dashboard = await gus.client.get('/api/professional/dashboard');
    expect(dashboard.body).toEqual({
      completedShifts: 0,
      upcomingShifts: 1,
      averageRating: null,
      totalHours: 0,
    });
    expect(ahead.shiftId).not.toBe(underWay.shiftId);
  });

  it('come from the bookings: completed, upcoming, hours; cancelled ones left out', async () => {
    const practice = await practiceUser(server, 'Seaside Smiles');
    const eli = await professionalUser(server, { firstName: 'Eli' });
    const empty = await eli.client.get('/api/professional/dashboard');
    expect(empty.body).toEqual({
      completedShifts: 0,
      upcomingShifts: 0,
      averageRating: null,
      totalHours: 0,
    });

    const later = await book(eli, practice, 5);
    const sooner = await book(eli, practice, 2);
    const cancelled = await book(eli, practice, 3);
    await eli.client.post(`/api/professional/bookings/${cancelled.bookingId}/cancel`, {
      reason: 'Conflict',
    });
    const worked = await book(eli, practice, 4);
    await moveShiftIntoPast(server, worked.shiftId); // 8 hours, ended 2 hours ago
    await recordShiftsWorkedAsScheduled(server.services.db);

    const dashboard = await eli.client.get('/api/professional/dashboard');
    expect(dashboard.body).toEqual({
      completedShifts: 1,
      upcomingShifts: 2,
      averageRating: null,
      // The approved timesheet: 8 hours less the 30-minute break.
      totalHours: 7.5,
    });

    const schedule = await eli.client.get('/api/professional/shifts');
    expect(schedule.status).toBe(200);
    expect(schedule.body.shifts.map((s: { id: string }) => s.id)).toEqual([
      worked.shiftId,
      sooner.shiftId,
      later.shiftId,
    ]);
    expect(schedule.body.shifts[1]).toMatchObject({
      title: 'Hygienist',
      practiceName: 'Seaside Smiles',
      status: 'filled',
    });
    expect(schedule.body.shifts[0].status).toBe('completed');

    // All bookings: upcoming soonest first, then the past and the cancelled, latest first.
    const list = await eli.client.get<{ bookings: ProfessionalBookingDto[] }>(
      '/api/professional/bookings',
    );
    expect(list.body.bookings.map((b) => b.id)).toEqual([
      sooner.bookingId,
      cancelled.bookingId,
      later.bookingId,
      worked.bookingId,
    ]);
    expect(list.body.bookings.map((b) => b.status)).toEqual([
      'confirmed',
      'cancelled',
      'confirmed',
      'completed',
    ]);

    // Another professional sees none of it.
    const fay = await professionalUser(server, { firstName: 'Fay' });
    expect((await fay.client.get('/api/professional/bookings')).body.bookings).toEqual([]);
    expect((await fay.client.get('/api/professional/shifts')).body.shifts).toEqual([]);
  });
});

describe("the practice's shift list and schedule", () => {
  it('show the booking mode, pending applicants and who is booked', async () => {
    const practice = await practiceUser(server);
    const gil = await professionalUser(server, { firstName: 'Gil', lastName: 'Novak' });
    const hana = await professionalUser(server, { firstName: 'Hana', lastName: 'Sato' });
    const review = await postShift(server, practice.practiceId, { daysAhead: 2 });
    await gil.client.post(`/api/professional/shifts/${review}/apply`, {});
    await hana.client.post(`/api/professional/shifts/${review}/apply`, {});
    const instant = await book(gil, practice, 3);

    const list = await practice.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts');
    const byId = new Map(list.body.shifts.map((s) => [s.id, s]));
    expect(byId.get(review)).toMatchObject({
      bookingMode: 'review',
      applicantCount: 2,
      booking: null,
      status: 'open',
    });
    expect(byId.get(instant.shiftId)).toMatchObject({
      bookingMode: 'instant',
      applicantCount: 0,
      status: 'filled',
      booking: {
        id: instant.bookingId,
        shiftId: instant.shiftId,
        professionalName: 'Gil Novak',
        status: 'confirmed',
        canRate: false,
        myRating: null,
      },
    });

    // The schedule's range query carries the same.
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const schedule = await practice.client.get<{ shifts: ShiftDto[] }>(
      `/api/practice/shifts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(schedule.status).toBe(200);
    expect(
      schedule.body.shifts.find((s) => s.id === instant.shiftId)?.booking?.professionalName,
    ).toBe('Gil Novak');
  });
});
