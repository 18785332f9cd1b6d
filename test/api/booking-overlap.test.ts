import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatShiftClock } from '../../src/shared/date-format';
import { attendanceMessages } from '../../src/shared/marketplace/attendance';
import {
  applicantOverlapMessage,
  overlappingBookingMessage,
} from '../../src/shared/marketplace/bookings';
import type { BookingMode } from '../../src/shared/marketplace/bookings';
import { bookings, shifts, shiftApplications } from '../../src/server/db/schema';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  applicationRows,
  bookingRows,
  practiceUser,
  professionalUser,
  serverForFile,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * Issue 41: one professional, one place at a time. Applying, booking, accepting an applicant,
 * accepting an invitation and block applications are refused for a time the professional is
 * already booked (naming the other booking); a timesheet may not overlap another of theirs nor
 * start before the check-in; staff see the overlapping bookings made before. Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */
/** The machine may be busy: PostgreSQL's first statements of a file are planned cold. */
const SLOW = 120_000;
let server: TestServer;
let maple: PracticeUser;
let harbor: PracticeUser;
let admin: ApiClient;

serverForFile(async (started) => {
  server = started;
  maple = await practiceUser(server, 'Maple Grove Dental');
  harbor = await practiceUser(server, 'Harbor Dental Care');
  const account = await createAdminAccount(server.services, {
    email: 'staff-overlap@example.com',
    password: 'staff-overlap-password-1',
    name: 'Robin Staff',
  });
  admin = server.client();
  const login = await admin.post('/api/login', {
    email: account.email,
    password: account.password,
    audience: 'admin',
  });
  expect(login.status).toBe(200);
});

/** One shift of the practice on the day `daysAhead` from today, New Jersey wall-clock times. */
async function shiftAt(
  practice: PracticeUser,
  daysAhead: number,
  startTime: string,
  endTime: string,
  bookingMode: BookingMode = 'instant',
) {
  const [shift] = await seedShifts(server.services, practice.practiceId, {
    dates: [practiceDateFromToday(daysAhead)],
    startTime,
    endTime,
    breakMinutes: 0,
    bookingMode,
  });
  return shift!;
}

async function book(pro: ProfessionalUser, shiftId: string) {
  return pro.client.post(`/api/professional/shifts/${shiftId}/book`);
}

const otherBooking = (shift: { startTime: string; endTime: string }, practiceName: string) => ({
  startTime: shift.startTime,
  endTime: shift.endTime,
  practiceName,
});

describe('booking', () => {
  it(
    'refuses an instant booking overlapping one of theirs, naming it; touching times book',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Olive' });
      const evening = await shiftAt(maple, 20, '17:00', '20:00');
      expect((await book(pro, evening.id)).status).toBe(201);

      const overlapping = await shiftAt(harbor, 20, '18:30', '21:00');
      const res = await book(pro, overlapping.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_overlap');
      expect(res.body.error.message).toBe(
        overlappingBookingMessage(otherBooking(evening, 'Maple Grove Dental')),
      );
      expect(res.body.error.message).toMatch(
        /^You are already booked 5:00 PM – 8:00 PM on \w{3}, \w{3} \d+ \(Maple Grove Dental\)/,
      );
      // Nothing changed: no booking, the shift still open.
      expect(await bookingRows(server, overlapping.id)).toEqual([]);
      expect((await shiftRow(server, overlapping.id)).status).toBe('open');

      // Inside it, around it: refused too.
      const inside = await shiftAt(harbor, 20, '18:00', '19:00');
      expect((await book(pro, inside.id)).status).toBe(409);
      const around = await shiftAt(harbor, 20, '16:00', '21:00');
      expect((await book(pro, around.id)).status).toBe(409);

      // End to start is no overlap; another day neither.
      const after = await shiftAt(harbor, 20, '20:00', '22:00');
      expect((await book(pro, after.id)).status).toBe(201);
      const nextDay = await shiftAt(harbor, 21, '17:00', '20:00');
      expect((await book(pro, nextDay.id)).status).toBe(201);
    },
    SLOW,
  );

  it(
    'a cancelled booking no longer holds the time',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Cody' });
      const first = await shiftAt(maple, 22, '09:00', '12:00');
      const booked = await book(pro, first.id);
      expect(booked.status).toBe(201);
      const cancelled = await pro.client.post(
        `/api/professional/bookings/${booked.body.id}/cancel`,
        {
          reason: 'Family emergency',
        },
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const second = await shiftAt(harbor, 22, '10:00', '13:00');
      expect((await book(pro, second.id)).status).toBe(201);
    },
    SLOW,
  );

  it(
    'five overlapping shifts booked at the same moment: exactly one booking',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Rhea' });
      const evening = [];
      for (let i = 0; i < 5; i += 1) {
        const practice = i % 2 === 0 ? maple : harbor;
        evening.push(await shiftAt(practice, 24, `17:${String(i * 10).padStart(2, '0')}`, '20:00'));
      }
      const results = await Promise.all(evening.map((shift) => book(pro, shift.id)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(4);
      for (const lost of results.filter((r) => r.status === 409)) {
        expect(lost.body.error.code).toBe('booking_overlap');
      }
      const live = await server.services.db
        .select()
        .from(bookings)
        .where(eq(bookings.professionalId, pro.professionalId));
      expect(live).toHaveLength(1);
    },
    SLOW,
  );
});

describe('Find Shifts', () => {
  it(
    'says a shift overlapping one of their bookings is not theirs to take',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Fern' });
      await fitEveryNearbyShift(server.services.db, pro.professionalId);
      const booked = await shiftAt(maple, 46, '09:00', '13:00');
      expect((await book(pro, booked.id)).status).toBe(201);
      const overlapping = await shiftAt(harbor, 46, '12:00', '16:00');
      const free = await shiftAt(harbor, 46, '13:00', '17:00');
      const board = await pro.client.get('/api/professional/shift-board');
      expect(board.status).toBe(200);
      const item = (id: string) => board.body.shifts.find((s: { id: string }) => s.id === id);
      expect(item(overlapping.id)).toMatchObject({ bookedAtThisTime: true });
      expect(item(free.id)).toMatchObject({ bookedAtThisTime: false });
    },
    SLOW,
  );
});

describe('applying', () => {
  it(
    'refuses an application for a shift overlapping one of their bookings',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Ava' });
      const morning = await shiftAt(maple, 26, '08:00', '12:00');
      expect((await book(pro, morning.id)).status).toBe(201);
      const review = await shiftAt(harbor, 26, '11:00', '15:00', 'review');
      const res = await pro.client.post(`/api/professional/shifts/${review.id}/apply`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_overlap');
      expect(res.body.error.message).toBe(
        overlappingBookingMessage(otherBooking(morning, 'Maple Grove Dental')),
      );
      expect(await applicationRows(server, review.id)).toEqual([]);
      // An afternoon shift after it: applied.
      const afternoon = await shiftAt(harbor, 26, '12:00', '16:00', 'review');
      const ok = await pro.client.post(`/api/professional/shifts/${afternoon.id}/apply`, {});
      expect(ok.status).toBe(201);
    },
    SLOW,
  );
});

describe("the practice's accept", () => {
  it(
    'refuses an applicant who meanwhile booked an overlapping shift, in the practice’s words',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Nina' });
      const review = await shiftAt(harbor, 28, '09:00', '13:00', 'review');
      const applied = await pro.client.post(`/api/professional/shifts/${review.id}/apply`, {});
      expect(applied.status).toBe(201);
      const elsewhere = await shiftAt(maple, 28, '12:00', '17:00');
      expect((await book(pro, elsewhere.id)).status).toBe(201);

      const res = await harbor.client.post(`/api/practice/applications/${applied.body.id}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_overlap');
      expect(res.body.error.message).toBe(
        applicantOverlapMessage(otherBooking(elsewhere, 'Maple Grove Dental')),
      );
      // The other practice is not named to this one.
      expect(res.body.error.message).not.toContain('Maple Grove');
      expect(await bookingRows(server, review.id)).toEqual([]);
      expect((await shiftRow(server, review.id)).status).toBe('open');
      const [application] = await applicationRows(server, review.id);
      expect(application!.status).toBe('pending');
    },
    SLOW,
  );

  it(
    'two practices accepting the same applicant for overlapping shifts at once: one booking',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Tess' });
      const one = await shiftAt(maple, 30, '09:00', '13:00', 'review');
      const two = await shiftAt(harbor, 30, '10:00', '14:00', 'review');
      const a = await pro.client.post(`/api/professional/shifts/${one.id}/apply`, {});
      const b = await pro.client.post(`/api/professional/shifts/${two.id}/apply`, {});
      const results = await Promise.all([
        maple.client.post(`/api/practice/applications/${a.body.id}/accept`),
        harbor.client.post(`/api/practice/applications/${b.body.id}/accept`),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe('booking_overlap');
      const live = await server.services.db
        .select()
        .from(bookings)
        .where(eq(bookings.professionalId, pro.professionalId));
      expect(live).toHaveLength(1);
    },
    SLOW,
  );
});

describe('invitations', () => {
  it(
    'refuses accepting an invitation to a shift overlapping one of their bookings',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Iris' });
      // They worked with Maple Grove (an earlier booking), so it may invite them.
      const worked = await shiftAt(maple, 32, '08:00', '12:00');
      expect((await book(pro, worked.id)).status).toBe(201);
      const busy = await shiftAt(harbor, 33, '13:00', '18:00');
      expect((await book(pro, busy.id)).status).toBe(201);

      const invitedTo = await shiftAt(maple, 33, '09:00', '14:00', 'review');
      const sent = await maple.client.post(`/api/practice/shifts/${invitedTo.id}/invitations`, {
        professionalId: pro.professionalId,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const mine = await pro.client.get('/api/professional/invitations');
      const invitation = mine.body.invitations.find(
        (i: { shift: { id: string } }) => i.shift.id === invitedTo.id,
      );
      const res = await pro.client.post(`/api/professional/invitations/${invitation.id}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_overlap');
      expect(res.body.error.message).toBe(
        overlappingBookingMessage(otherBooking(busy, 'Harbor Dental Care')),
      );
      expect(await bookingRows(server, invitedTo.id)).toEqual([]);
    },
    SLOW,
  );
});

describe('block bookings', () => {
  async function block(daysAhead: number[]) {
    return seedShifts(server.services, maple.practiceId, {
      dates: daysAhead.map((day) => practiceDateFromToday(day)),
      startTime: '08:00',
      endTime: '16:00',
      breakMinutes: 30,
      bookingMode: 'review',
      wholeBlock: true,
    });
  }

  it(
    'refuses applying for a block one of whose dates overlaps a booking',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Bea' });
      const dates = await block([35, 36]);
      const busy = await shiftAt(harbor, 36, '15:00', '18:00');
      expect((await book(pro, busy.id)).status).toBe(201);
      // Applying from the first date: the second one overlaps.
      const res = await pro.client.post(`/api/professional/shifts/${dates[0]!.id}/apply`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('booking_overlap');
      expect(res.body.error.message).toBe(
        overlappingBookingMessage(otherBooking(busy, 'Harbor Dental Care')),
      );
      for (const date of dates) expect(await applicationRows(server, date.id)).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses accepting a block whose applicant meanwhile booked over one of its dates',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Dora' });
      const dates = await block([38, 39]);
      const applied = await pro.client.post(`/api/professional/shifts/${dates[0]!.id}/apply`, {});
      expect(applied.status).toBe(201);
      const busy = await shiftAt(harbor, 39, '07:00', '09:00');
      expect((await book(pro, busy.id)).status).toBe(201);

      const res = await maple.client.post(`/api/practice/applications/${applied.body.id}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        applicantOverlapMessage(otherBooking(busy, 'Harbor Dental Care')),
      );
      // Nothing booked, not even the first date.
      for (const date of dates) {
        expect(await bookingRows(server, date.id)).toEqual([]);
        expect((await shiftRow(server, date.id)).status).toBe('open');
      }
      const pending = await server.services.db
        .select({ status: shiftApplications.status })
        .from(shiftApplications)
        .where(eq(shiftApplications.professionalId, pro.professionalId));
      expect(pending.map((a) => a.status)).toEqual(['pending', 'pending']);
    },
    SLOW,
  );
});

const MINUTE = 60_000;

/**
 * Two bookings of one professional, made on different days and then moved to the same evening
 * (as overlapping bookings made before the refusal were), both checked in `checkedInAgo` minutes
 * ago; the shifts ran from 3 hours ago to 1 hour ago.
 */
async function overlappingWorkedBookings(pro: ProfessionalUser, checkedInAgo = 180) {
  const first = await shiftAt(maple, 40, '08:00', '12:00');
  const second = await shiftAt(harbor, 41, '08:00', '12:00');
  const ids: string[] = [];
  for (const shift of [first, second]) {
    const booked = await book(pro, shift.id);
    expect(booked.status).toBe(201);
    ids.push(booked.body.id);
  }
  const now = Date.now();
  const startsAt = new Date(now - 180 * MINUTE);
  const endsAt = new Date(now - 60 * MINUTE);
  for (const shift of [first, second]) {
    await server.services.db
      .update(shifts)
      .set({ startsAt, endsAt })
      .where(eq(shifts.id, shift.id));
  }
  const checkedInAt = new Date(now - checkedInAgo * MINUTE);
  for (const id of ids) {
    await server.services.db.update(bookings).set({ checkedInAt }).where(eq(bookings.id, id));
  }
  return { bookingIds: ids as [string, string], startsAt, endsAt, checkedInAt };
}

function submit(pro: ProfessionalUser, bookingId: string, startedAt: Date, endedAt: Date) {
  return pro.client.post(`/api/professional/bookings/${bookingId}/timesheet`, {
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    breakMinutes: 0,
  });
}

describe('timesheets', () => {
  it(
    'refuses a timesheet whose hours overlap another of the same professional',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Paige' });
      const { bookingIds, startsAt, endsAt } = await overlappingWorkedBookings(pro);
      const middle = new Date(startsAt.getTime() + 60 * MINUTE);
      const first = await submit(pro, bookingIds[0], startsAt, middle);
      expect(first.status, JSON.stringify(first.body)).toBe(201);

      const twice = await submit(pro, bookingIds[1], startsAt, endsAt);
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('timesheet_overlap');
      expect(twice.body.error.message).toMatch(
        /^These hours overlap your timesheet for .* \(Maple Grove Dental\)/,
      );
      expect(twice.body.error.fields.startedAt).toBe(twice.body.error.message);

      // The hours after the first timesheet's end: accepted.
      const rest = await submit(pro, bookingIds[1], middle, endsAt);
      expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    },
    SLOW,
  );

  it(
    'refuses a start before the check-in, to the minute',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Quinn' });
      // Checked in two hours ago (after a shift that started three hours ago), 30 seconds into
      // the minute.
      const { bookingIds, startsAt, endsAt, checkedInAt } = await overlappingWorkedBookings(
        pro,
        120,
      );
      const checkedIn = new Date(checkedInAt.getTime() - (checkedInAt.getTime() % MINUTE) + 30_000);
      await server.services.db
        .update(bookings)
        .set({ checkedInAt: checkedIn })
        .where(eq(bookings.id, bookingIds[0]));

      const early = await submit(pro, bookingIds[0], startsAt, endsAt);
      expect(early.status).toBe(400);
      expect(early.body.error.message).toBe(
        attendanceMessages.startBeforeCheckIn(formatShiftClock(checkedIn)),
      );
      expect(early.body.error.fields.startedAt).toBe(early.body.error.message);
      // The check-in's own minute is fine.
      const minute = new Date(checkedIn.getTime() - 30_000);
      const ok = await submit(pro, bookingIds[0], minute, endsAt);
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    },
    SLOW,
  );

  it(
    'two overlapping timesheets submitted at the same moment: one is refused',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Ruth' });
      const { bookingIds, startsAt, endsAt } = await overlappingWorkedBookings(pro);
      const results = await Promise.all(bookingIds.map((id) => submit(pro, id, startsAt, endsAt)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    },
    SLOW,
  );
});

describe("staff's list of overlapping bookings", () => {
  it(
    'lists the pairs made before the refusal, with their timesheets, for admins only',
    async () => {
      const pro = await professionalUser(server, { firstName: 'Sage', lastName: 'Doubled' });
      const { bookingIds, startsAt, endsAt } = await overlappingWorkedBookings(pro);
      expect((await submit(pro, bookingIds[0], startsAt, endsAt)).status).toBe(201);

      const res = await admin.get('/api/admin/overlapping-bookings');
      expect(res.status).toBe(200);
      const mine = res.body.overlaps.filter(
        (o: { professionalId: string }) => o.professionalId === pro.professionalId,
      );
      expect(mine).toHaveLength(1);
      const [pair] = mine;
      expect(pair.professionalName).toBe('Sage Doubled');
      expect([pair.first.bookingId, pair.second.bookingId].sort()).toEqual([...bookingIds].sort());
      const withTimesheet = [pair.first, pair.second].find((b) => b.bookingId === bookingIds[0]);
      expect(withTimesheet).toMatchObject({
        practiceName: 'Maple Grove Dental',
        status: 'confirmed',
        timesheetStatus: 'submitted',
        startTime: startsAt.toISOString(),
        endTime: endsAt.toISOString(),
      });
      expect(withTimesheet.timesheetAmountCents).toBeGreaterThan(0);
      const without = [pair.first, pair.second].find((b) => b.bookingId === bookingIds[1]);
      expect(without).toMatchObject({ timesheetStatus: null, timesheetAmountCents: null });

      // Bookings that merely touch, or a cancelled one, are not listed.
      const touching = await professionalUser(server, { firstName: 'Tobi' });
      const a = await shiftAt(maple, 44, '08:00', '12:00');
      const b = await shiftAt(harbor, 44, '12:00', '16:00');
      expect((await book(touching, a.id)).status).toBe(201);
      expect((await book(touching, b.id)).status).toBe(201);
      const again = await admin.get('/api/admin/overlapping-bookings');
      expect(
        again.body.overlaps.some(
          (o: { professionalId: string }) => o.professionalId === touching.professionalId,
        ),
      ).toBe(false);

      const practiceAsks = await maple.client.get('/api/admin/overlapping-bookings');
      expect(practiceAsks.status).toBe(403);
    },
    SLOW,
  );
});
