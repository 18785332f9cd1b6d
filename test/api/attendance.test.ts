import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceMessages } from '../../src/shared/marketplace/attendance';
import { shiftMessages } from '../../src/shared/practice/shift-constants';
import { bookings, shifts, timesheets } from '../../src/server/db/schema';
import type { TimesheetDto } from '../../src/shared/marketplace/timesheet-replies';
import { addDays, practiceDateOf, practiceInstant } from '../../src/shared/practice/shift-dates';
import { readCheckInCodes } from '../../src/server/services/attendance/practice-attendance';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  approveWaitingTimesheets,
  submitScheduledTimesheets,
} from '../../src/server/services/attendance/timesheet-deadlines';
import {
  timesheetNoticeMessages,
  timesheetsToTell,
} from '../../src/server/services/attendance/timesheet-notices';
import {
  marketplaceCast,
  postShift,
  serverForFile,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { chargesOfBooking } from '../support/money-fixtures';
import { bellEntries } from '../support/notification-fixtures';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * The day of a booked shift and after: "I'm here" with the practice's code, check-out with the
 * hours, the practice's approval or dispute, an admin's decision, no-shows, and the approval
 * job racing the practice. Every refusal is a clear 4xx that changes nothing.
 */

let server: TestServer;
let practice: PracticeUser;
let otherPractice: PracticeUser;
let alice: ProfessionalUser;
let bob: ProfessionalUser;
let admin: ApiClient;

serverForFile(async (started) => {
  server = started;
  ({ practice, otherPractice, alice, bob } = await marketplaceCast(server));
  const account = await createAdminAccount(server.services, {
    email: 'staff-attendance@example.com',
    password: 'staff-attendance-password-1',
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

const MINUTE = 60_000;

/** An instant shift booked by `pro`, moved to start `startsInMinutes` from now and last `hours`. */
async function bookedShift(
  startsInMinutes: number,
  options: { pro?: ProfessionalUser; hours?: number } = {},
) {
  const pro = options.pro ?? alice;
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status).toBe(201);
  const startsAt = new Date(Date.now() + startsInMinutes * MINUTE);
  const endsAt = new Date(startsAt.getTime() + (options.hours ?? 8) * 60 * MINUTE);
  await server.services.db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shiftId));
  const bookingId = booked.body.id as string;
  return { shiftId, bookingId, startsAt, endsAt, pro };
}

async function bookingRow(bookingId: string) {
  const [row] = await server.services.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

async function timesheetOf(bookingId: string) {
  const [row] = await server.services.db
    .select()
    .from(timesheets)
    .where(eq(timesheets.bookingId, bookingId));
  return row;
}

/** The practice's code for a booking, as its portal shows it today. */
async function codeShownToPractice(bookingId: string): Promise<string> {
  const res = await practice.client.get('/api/practice/check-in-codes');
  expect(res.status).toBe(200);
  const entry = res.body.shifts.find((s: { bookingId: string }) => s.bookingId === bookingId);
  expect(entry, 'the booking is among today’s shifts').toBeTruthy();
  return entry.code;
}

async function checkedIn(bookingId: string, pro: ProfessionalUser = alice) {
  const code = await codeShownToPractice(bookingId);
  const res = await pro.client.post(`/api/professional/bookings/${bookingId}/check-in`, { code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/**
 * Moves a shift so that it ended `minutesAgo` minutes ago, keeping its length; a check-in of its
 * booking moves to its start (a timesheet may not start before the check-in). Without
 * `minutesAgo`, each call ends its shift 8 hours and a minute before the previous one (cycling
 * through 24): the same professional's timesheets never overlap (issue 41 refuses that).
 */
let endedShifts = 0;
async function endShift(shiftId: string, minutesAgo?: number, hours = 8) {
  endedShifts += 1;
  const ago = minutesAgo ?? 5 + (endedShifts % 24) * 481;
  const endsAt = new Date(Date.now() - ago * MINUTE);
  const startsAt = new Date(endsAt.getTime() - hours * 60 * MINUTE);
  await server.services.db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shiftId));
  await server.services.db
    .update(bookings)
    .set({ checkedInAt: startsAt })
    .where(and(eq(bookings.shiftId, shiftId), isNotNull(bookings.checkedInAt)));
  return { startsAt, endsAt };
}

/** A booked shift that was checked into and has just ended, with a submitted timesheet. */
async function submittedTimesheet(pro: ProfessionalUser = alice) {
  const shift = await bookedShift(10, { pro });
  await checkedIn(shift.bookingId, pro);
  const { startsAt, endsAt } = await endShift(shift.shiftId);
  const res = await pro.client.post(`/api/professional/bookings/${shift.bookingId}/timesheet`, {
    startedAt: startsAt.toISOString(),
    endedAt: endsAt.toISOString(),
    breakMinutes: 30,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...shift, timesheetId: res.body.timesheet.id as string, startsAt, endsAt };
}

describe("the practice's check-in codes", () => {
  it('show a shift starting soon after midnight from 3 hours before, and say when they change by themselves', async () => {
    const shift = await bookedShift(60);
    // A day far ahead, with no other shift of the practice near it: 01:00 to 09:00.
    const day = addDays(practiceDateOf(new Date()), 60);
    const at = (date: string, time: string) => practiceInstant(date, time)!;
    await server.services.db
      .update(shifts)
      .set({ startsAt: at(day, '01:00'), endsAt: at(day, '09:00') })
      .where(eq(shifts.id, shift.shiftId));
    const codesAt = async (now: Date) => {
      const read = await readCheckInCodes(server.services, practice.practiceId, now);
      return {
        entry: read.shifts.find((entry) => entry.bookingId === shift.bookingId),
        changesAt: new Date(read.changesAt),
      };
    };
    const evening = await codesAt(at(addDays(day, -1), '21:30'));
    expect(evening.entry).toBeUndefined();
    // Shown from the first instant the shift starts within 3 hours.
    const shownFrom = new Date(at(addDays(day, -1), '22:00').getTime() + 1);
    expect(evening.changesAt).toEqual(shownFrom);
    expect((await codesAt(at(addDays(day, -1), '22:00'))).entry).toBeUndefined();

    const late = await codesAt(shownFrom);
    expect(late.entry).toMatchObject({ canReportNoShow: false, checkedInAt: null });
    expect(late.changesAt).toEqual(at(day, '00:00'));

    const started = await codesAt(at(day, '01:10'));
    expect(started.entry?.canReportNoShow).toBe(false);
    expect(started.changesAt).toEqual(at(day, '01:30'));

    const noShow = await codesAt(at(day, '01:30'));
    expect(noShow.entry?.canReportNoShow).toBe(true);
    expect(noShow.changesAt).toEqual(at(addDays(day, 1), '00:00'));
  });
});

describe("checking in: I'm here", () => {
  it('takes the code the practice shows, from 30 minutes before the start, once', async () => {
    const shift = await bookedShift(20);
    const mine = await alice.client.get('/api/professional/attendance');
    expect(mine.status).toBe(200);
    const listed = mine.body.bookings.find(
      (b: { bookingId: string }) => b.bookingId === shift.bookingId,
    );
    expect(listed).toMatchObject({ canCheckIn: true, checkedInAt: null, timesheet: null });

    const code = await codeShownToPractice(shift.bookingId);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await alice.client.post(
      `/api/professional/bookings/${shift.bookingId}/check-in`,
      { code: wrong },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'wrong_check_in_code',
      message: attendanceMessages.wrongCode,
      fields: { code: attendanceMessages.wrongCode },
    });
    expect((await bookingRow(shift.bookingId)).checkedInAt).toBeNull();

    const res = await alice.client.post(`/api/professional/bookings/${shift.bookingId}/check-in`, {
      code,
      latitude: 40.7357,
      longitude: -74.1724,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ canCheckIn: false, canCheckOut: true, timesheet: null });
    expect(res.body.checkedInAt).toBeTruthy();
    const row = await bookingRow(shift.bookingId);
    expect(row.checkInLatitude).toBeCloseTo(40.7357);

    const again = await alice.client.post(
      `/api/professional/bookings/${shift.bookingId}/check-in`,
      { code },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(attendanceMessages.alreadyCheckedIn);

    const codes = await practice.client.get('/api/practice/check-in-codes');
    const entry = codes.body.shifts.find(
      (s: { bookingId: string }) => s.bookingId === shift.bookingId,
    );
    expect(entry.checkedInAt).toBeTruthy();
    expect(entry.professionalName).toBe(alice.name);
  });

  it('refuses too early, after the end, a malformed code and someone else’s booking', async () => {
    const early = await bookedShift(120);
    const code = (await bookingRow(early.bookingId)).checkInCode;
    const tooEarly = await alice.client.post(
      `/api/professional/bookings/${early.bookingId}/check-in`,
      { code },
    );
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error.message).toBe(attendanceMessages.tooEarly);

    const ended = await bookedShift(-600, { hours: 8 });
    const endedCode = (await bookingRow(ended.bookingId)).checkInCode;
    const late = await alice.client.post(`/api/professional/bookings/${ended.bookingId}/check-in`, {
      code: endedCode,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(attendanceMessages.shiftEnded);

    const malformed = await alice.client.post(
      `/api/professional/bookings/${early.bookingId}/check-in`,
      { code: '12a456' },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields.code).toBe(attendanceMessages.codeRequired);

    const open = await bookedShift(10);
    const notTheirs = await bob.client.post(
      `/api/professional/bookings/${open.bookingId}/check-in`,
      { code: (await bookingRow(open.bookingId)).checkInCode },
    );
    expect(notTheirs.status).toBe(404);
    expect((await bookingRow(open.bookingId)).checkedInAt).toBeNull();
    // Another practice does not see the code.
    const others = await otherPractice.client.get('/api/practice/check-in-codes');
    expect(
      others.body.shifts.some((s: { bookingId: string }) => s.bookingId === open.bookingId),
    ).toBe(false);
  });

  it('stops guessing after five wrong codes for a booking, even with the right one', async () => {
    const shift = await bookedShift(5, { pro: bob });
    const code = (await bookingRow(shift.bookingId)).checkInCode;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await bob.client.post(`/api/professional/bookings/${shift.bookingId}/check-in`, {
        code: wrong,
      });
      expect(res.status).toBe(400);
    }
    const locked = await bob.client.post(`/api/professional/bookings/${shift.bookingId}/check-in`, {
      code,
    });
    expect(locked.status).toBe(429);
    expect((await bookingRow(shift.bookingId)).checkedInAt).toBeNull();
  });
});

describe('checking out: the timesheet', () => {
  it('needs a check-in, checks the hours, prices them at the shift’s rate, once', async () => {
    const shift = await bookedShift(10);
    const { startsAt, endsAt } = await endShift(shift.shiftId, 5);
    const hours = {
      startedAt: startsAt.toISOString(),
      endedAt: endsAt.toISOString(),
      breakMinutes: 30,
    };
    const path = `/api/professional/bookings/${shift.bookingId}/timesheet`;
    const notIn = await alice.client.post(path, hours);
    expect(notIn.status).toBe(409);
    expect(notIn.body.error.message).toBe(attendanceMessages.notCheckedIn);

    await server.services.db
      .update(bookings)
      .set({ checkedInAt: startsAt })
      .where(eq(bookings.id, shift.bookingId));
    const at = (offsetMinutes: number) =>
      new Date(startsAt.getTime() + offsetMinutes * MINUTE).toISOString();
    const refusals: Array<[object, string, string]> = [
      [{ ...hours, endedAt: at(-10) }, 'endedAt', attendanceMessages.endBeforeStart],
      [{ ...hours, endedAt: at(17 * 60) }, 'endedAt', attendanceMessages.tooLong],
      [{ ...hours, breakMinutes: 8 * 60 }, 'breakMinutes', attendanceMessages.breakTooLong],
      [{ ...hours, breakMinutes: -5 }, 'breakMinutes', attendanceMessages.breakInvalid],
      [{ ...hours, startedAt: at(-180) }, 'startedAt', attendanceMessages.startTooEarly],
      [
        { ...hours, endedAt: new Date(Date.now() + 60 * MINUTE).toISOString() },
        'endedAt',
        attendanceMessages.endInFuture,
      ],
      [{ ...hours, startedAt: 'nine o’clock' }, 'startedAt', attendanceMessages.startRequired],
    ];
    for (const [body, field, message] of refusals) {
      const res = await alice.client.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(res.body)).toBe(message);
      expect(await timesheetOf(shift.bookingId)).toBeUndefined();
    }

    const res = await alice.client.post(path, hours);
    expect(res.status).toBe(201);
    const rate = (await shiftRow(server, shift.shiftId)).rateCents;
    expect(res.body.timesheet).toMatchObject({
      status: 'submitted',
      submittedBy: 'professional',
      breakMinutes: 30,
      workedMinutes: 450,
      rateCents: rate,
      amountCents: Math.round((450 * rate) / 60),
      professionalName: alice.name,
      // The professional's own claim is disputed, never reported as a no-show.
      canReportNoShow: false,
    });
    expect(res.body.timesheet.approvesAt).toBeTruthy();
    expect(res.body.canCheckOut).toBe(false);

    const twice = await alice.client.post(path, { ...hours, breakMinutes: 0 });
    expect(twice.status).toBe(409);
    expect((await timesheetOf(shift.bookingId))!.breakMinutes).toBe(30);
  });
});

describe('the practice decides', () => {
  it('approves a timesheet once: the shift is completed and can be rated', async () => {
    const sheet = await submittedTimesheet();
    const listed = await practice.client.get('/api/practice/timesheets');
    expect(listed.body.timesheets[0]).toMatchObject({ status: 'submitted' });

    const foreign = await otherPractice.client.post(
      `/api/practice/timesheets/${sheet.timesheetId}/approve`,
    );
    expect(foreign.status).toBe(404);

    // What the professional is told of approvals.
    const approvals = async () =>
      (await bellEntries(server, alice.userId)).filter((entry) =>
        entry.body.includes('approved your hours'),
      ).length;
    const approvedBefore = await approvals();
    const res = await practice.client.post(`/api/practice/timesheets/${sheet.timesheetId}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'approved',
      approvedBy: 'practice',
      approvesAt: null,
    });
    expect((await bookingRow(sheet.bookingId)).status).toBe('completed');
    expect((await shiftRow(server, sheet.shiftId)).status).toBe('completed');
    // The professional is told, once.
    expect(await approvals()).toBe(approvedBefore + 1);

    const again = await practice.client.post(
      `/api/practice/timesheets/${sheet.timesheetId}/approve`,
    );
    expect(again.status).toBe(409);
    const dispute = await practice.client.post(
      `/api/practice/timesheets/${sheet.timesheetId}/dispute`,
      { reason: 'Too late' },
    );
    expect(dispute.status).toBe(409);
    expect((await timesheetOf(sheet.bookingId))!.status).toBe('approved');

    const rated = await practice.client.post(`/api/practice/shifts/${sheet.shiftId}/rating`, {
      stars: 5,
    });
    expect(rated.status).toBe(201);
  });

  it("reads a notice batch's timesheets at once and tells each side of each its own hours", async () => {
    const first = await submittedTimesheet(alice);
    const second = await submittedTimesheet(bob);
    const events = [
      { timesheetId: first.timesheetId, notice: 'submitted' as const },
      { timesheetId: second.timesheetId, notice: 'submitted' as const },
      { timesheetId: first.timesheetId, notice: 'approved' as const },
    ];
    const read = await timesheetsToTell(server.services.db, events);
    expect([...read.keys()].sort()).toEqual([first.timesheetId, second.timesheetId].sort());
    const told = events.map((event) =>
      timesheetNoticeMessages('https://chairfill.test', event, read.get(event.timesheetId)),
    );
    expect(told.map((messages) => messages.map((message) => message.userId))).toEqual([
      [practice.userId],
      [practice.userId],
      [alice.userId],
    ]);
    expect(told.map((messages) => messages[0]!.dedupeKey)).toEqual([
      `timesheet:${first.timesheetId}:submitted:practice`,
      `timesheet:${second.timesheetId}:submitted:practice`,
      `timesheet:${first.timesheetId}:approved:professional`,
    ]);
    // A timesheet that is not there (removed meanwhile) says nothing.
    expect(
      timesheetNoticeMessages(
        'https://chairfill.test',
        { timesheetId: '00000000-0000-4000-8000-000000000000', notice: 'submitted' },
        undefined,
      ),
    ).toEqual([]);
    expect(await timesheetsToTell(server.services.db, [])).toEqual(new Map());
  });

  it('disputes with a reason; an admin decides the hours that stand, once', async () => {
    const sheet = await submittedTimesheet(bob);
    const path = `/api/practice/timesheets/${sheet.timesheetId}/dispute`;
    const noReason = await practice.client.post(path, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe(attendanceMessages.disputeReasonRequired);

    const res = await practice.client.post(path, { reason: 'Left at 3 pm, not 4 pm.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'disputed',
      disputeReason: 'Left at 3 pm, not 4 pm.',
    });
    expect((await bookingRow(sheet.bookingId)).status).toBe('confirmed');
    expect(
      (await practice.client.post(`/api/practice/timesheets/${sheet.timesheetId}/approve`)).status,
    ).toBe(409);

    // Only an admin decides; the practice and the professional cannot reach the console.
    expect((await practice.client.get('/api/admin/timesheet-disputes')).status).toBe(403);
    const disputes = await admin.get('/api/admin/timesheet-disputes');
    expect(disputes.status).toBe(200);
    expect(disputes.body.timesheets.map((t: { id: string }) => t.id)).toContain(sheet.timesheetId);

    const resolvePath = `/api/admin/timesheets/${sheet.timesheetId}/resolve`;
    const hours = {
      startedAt: sheet.startsAt.toISOString(),
      endedAt: new Date(sheet.endsAt.getTime() - 60 * MINUTE).toISOString(),
      breakMinutes: 30,
    };
    const noNote = await admin.post(resolvePath, { hours, note: '' });
    expect(noNote.status).toBe(400);
    const resolved = await admin.post(resolvePath, {
      hours,
      note: 'The practice’s sign-out sheet shows 3 pm.',
    });
    expect(resolved.status).toBe(200);
    const rate = (await shiftRow(server, sheet.shiftId)).rateCents;
    expect(resolved.body).toMatchObject({
      status: 'approved',
      approvedBy: 'admin',
      workedMinutes: 390,
      amountCents: Math.round((390 * rate) / 60),
      resolutionNote: 'The practice’s sign-out sheet shows 3 pm.',
    });
    expect((await bookingRow(sheet.bookingId)).status).toBe('completed');
    const twice = await admin.post(resolvePath, { hours, note: 'Again' });
    expect(twice.status).toBe(409);
  });

  it('cannot dispute once the 48 hours have passed', async () => {
    const sheet = await submittedTimesheet();
    await server.services.db
      .update(timesheets)
      .set({ submittedAt: sql`now() - interval '49 hours'` })
      .where(eq(timesheets.id, sheet.timesheetId));
    const res = await practice.client.post(
      `/api/practice/timesheets/${sheet.timesheetId}/dispute`,
      { reason: 'Too late' },
    );
    expect(res.status).toBe(409);
    expect((await timesheetOf(sheet.bookingId))!.status).toBe('submitted');
  });

  it('approves once when the practice and the approval job act at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const sheet = await submittedTimesheet();
      await server.services.db
        .update(timesheets)
        .set({ submittedAt: sql`now() - interval '48 hours 1 minute'` })
        .where(eq(timesheets.id, sheet.timesheetId));
      const [byPractice, byJob] = await Promise.all([
        practice.client.post(`/api/practice/timesheets/${sheet.timesheetId}/approve`),
        approveWaitingTimesheets(server.services),
      ]);
      const row = (await timesheetOf(sheet.bookingId))!;
      expect(row.status).toBe('approved');
      if (byPractice.status === 200) expect(row.approvedBy).toBe('practice');
      else {
        expect(byPractice.status).toBe(409);
        expect(row.approvedBy).toBe('auto');
        expect(byJob).toBeGreaterThanOrEqual(1);
      }
      expect((await bookingRow(sheet.bookingId)).status).toBe('completed');
    }
  });
});

describe('a started booked shift', () => {
  it('cannot be cancelled by the practice: its timesheet (or a no-show) decides it', async () => {
    const sheet = await submittedTimesheet();
    const res = await practice.client.post(`/api/practice/shifts/${sheet.shiftId}/cancel`, {
      reason: 'Changed our mind',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(shiftMessages.startedNotCancellable);
    expect((await shiftRow(server, sheet.shiftId)).status).toBe('filled');
    expect((await bookingRow(sheet.bookingId)).status).toBe('confirmed');
    expect((await timesheetOf(sheet.bookingId))!.status).toBe('submitted');

    const inProgress = await bookedShift(-20);
    const during = await practice.client.post(`/api/practice/shifts/${inProgress.shiftId}/cancel`, {
      reason: 'Closing early',
    });
    expect(during.status).toBe(409);
    expect((await bookingRow(inProgress.bookingId)).status).toBe('confirmed');
  });
});

describe('no-shows', () => {
  it('may be reported 30 minutes after the start without a check-in; nothing more happens', async () => {
    const shift = await bookedShift(-10);
    const path = `/api/practice/bookings/${shift.bookingId}/no-show`;
    const early = await practice.client.post(path);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(attendanceMessages.noShowTooEarly);

    await server.services.db
      .update(shifts)
      .set({ startsAt: sql`now() - interval '31 minutes'` })
      .where(eq(shifts.id, shift.shiftId));
    const codes = await practice.client.get('/api/practice/check-in-codes');
    expect(
      codes.body.shifts.find((s: { bookingId: string }) => s.bookingId === shift.bookingId)
        .canReportNoShow,
    ).toBe(true);
    expect((await otherPractice.client.post(path)).status).toBe(404);

    const res = await practice.client.post(path);
    expect(res.status).toBe(204);
    expect((await bookingRow(shift.bookingId)).status).toBe('no_show');
    const shiftAfter = await shiftRow(server, shift.shiftId);
    expect(shiftAfter.status).toBe('cancelled');
    expect(shiftAfter.cancelReason).toBe(attendanceMessages.noShowShiftReason);

    expect((await practice.client.post(path)).status).toBe(409);
    const checkIn = await alice.client.post(
      `/api/professional/bookings/${shift.bookingId}/check-in`,
      { code: (await bookingRow(shift.bookingId)).checkInCode },
    );
    expect(checkIn.status).toBe(409);
    const mine = await alice.client.get('/api/professional/attendance');
    expect(
      mine.body.bookings.find((b: { bookingId: string }) => b.bookingId === shift.bookingId),
    ).toMatchObject({ bookingStatus: 'no_show', canCheckIn: false, canCheckOut: false });
  });

  it('may be reported while ChairFill’s scheduled timesheet is undecided: it is withdrawn, nothing charged', async () => {
    const shift = await bookedShift(10);
    // Nobody came and nobody reported it: a day after the end ChairFill submits the scheduled hours.
    await endShift(shift.shiftId, 25 * 60);
    await submitScheduledTimesheets(server.services, new Date());
    expect(await timesheetOf(shift.bookingId)).toMatchObject({
      submittedBy: 'scheduled',
      status: 'submitted',
    });
    // The practice's Timesheets offer the report on this one (the rule reportNoShow applies).
    const listed = async () =>
      (
        (await practice.client.get('/api/practice/timesheets')).body.timesheets as TimesheetDto[]
      ).find((t) => t.bookingId === shift.bookingId);
    expect(await listed()).toMatchObject({ submittedBy: 'scheduled', canReportNoShow: true });
    const path = `/api/practice/bookings/${shift.bookingId}/no-show`;
    expect((await otherPractice.client.post(path)).status).toBe(404);
    expect(await timesheetOf(shift.bookingId)).toBeTruthy();

    const res = await practice.client.post(path);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await bookingRow(shift.bookingId)).status).toBe('no_show');
    const shiftAfter = await shiftRow(server, shift.shiftId);
    expect(shiftAfter.status).toBe('cancelled');
    expect(shiftAfter.cancelReason).toBe(attendanceMessages.noShowShiftReason);
    expect(await timesheetOf(shift.bookingId)).toBeUndefined();
    expect(await listed()).toBeUndefined();
    // Nothing is charged or paid, now or when the deadline jobs run again.
    await approveWaitingTimesheets(server.services, new Date(Date.now() + 72 * 60 * MINUTE));
    await submitScheduledTimesheets(server.services, new Date());
    expect(await timesheetOf(shift.bookingId)).toBeUndefined();
    expect(await chargesOfBooking(server, shift.bookingId)).toEqual([]);
    expect((await practice.client.post(path)).status).toBe(409);
  });

  it('an admin may decide a disputed timesheet as a no-show, with a note; nothing charged', async () => {
    const shift = await bookedShift(10, { pro: bob });
    await endShift(shift.shiftId, 25 * 60);
    await submitScheduledTimesheets(server.services, new Date());
    const sheet = (await timesheetOf(shift.bookingId))!;
    const disputed = await practice.client.post(`/api/practice/timesheets/${sheet.id}/dispute`, {
      reason: 'Nobody came.',
    });
    expect(disputed.status).toBe(200);

    const path = `/api/admin/timesheets/${sheet.id}/no-show`;
    const noNote = await admin.post(path, { note: ' ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.fields.note).toBe(attendanceMessages.resolutionNoteRequired);
    expect((await practice.client.post(path, { note: 'Mine' })).status).toBe(403);
    expect((await bookingRow(shift.bookingId)).status).toBe('confirmed');

    const res = await admin.post(path, { note: 'The front desk log shows nobody came.' });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await bookingRow(shift.bookingId)).status).toBe('no_show');
    const shiftAfter = await shiftRow(server, shift.shiftId);
    expect(shiftAfter.status).toBe('cancelled');
    expect(shiftAfter.cancelReason).toContain(attendanceMessages.noShowShiftReason);
    expect(shiftAfter.cancelReason).toContain('The front desk log shows nobody came.');
    // The claim stays on record, decided: its hours and amount as claimed, nothing charged.
    expect(await timesheetOf(shift.bookingId)).toMatchObject({
      id: sheet.id,
      status: 'no_show',
      startedAt: sheet.startedAt,
      endedAt: sheet.endedAt,
      amountCents: sheet.amountCents,
      resolutionNote: 'The front desk log shows nobody came.',
      resolvedByUserId: expect.any(String),
      approvedBy: null,
    });
    expect(await chargesOfBooking(server, shift.bookingId)).toEqual([]);
    // The deadline jobs leave it decided: never approved, charged or submitted again.
    await approveWaitingTimesheets(server.services, new Date(Date.now() + 72 * 60 * MINUTE));
    await submitScheduledTimesheets(server.services, new Date());
    expect((await timesheetOf(shift.bookingId))!.status).toBe('no_show');
    expect(await chargesOfBooking(server, shift.bookingId)).toEqual([]);
    // Staff see it among the decided, the practice in its timesheets, with the decision.
    const disputes = await admin.get('/api/admin/timesheet-disputes');
    expect(
      (disputes.body.timesheets as TimesheetDto[]).find((t) => t.id === sheet.id),
    ).toMatchObject({
      status: 'no_show',
      resolutionNote: 'The front desk log shows nobody came.',
    });
    const practiceSheets = (await practice.client.get('/api/practice/timesheets')).body
      .timesheets as TimesheetDto[];
    expect(practiceSheets.find((t) => t.id === sheet.id)).toMatchObject({
      status: 'no_show',
      canReportNoShow: false,
      approvesAt: null,
    });
    expect((await admin.post(path, { note: 'Again' })).status).toBe(409);
    const resolveAgain = await admin.post(`/api/admin/timesheets/${sheet.id}/resolve`, {
      hours: {
        startedAt: sheet.startedAt.toISOString(),
        endedAt: sheet.endedAt.toISOString(),
        breakMinutes: 0,
      },
      note: 'Paid after all',
    });
    expect(resolveAgain.status).toBe(409);
    expect(await chargesOfBooking(server, shift.bookingId)).toEqual([]);
  });

  it('is refused once the professional checked in', async () => {
    const shift = await bookedShift(10);
    await checkedIn(shift.bookingId);
    await server.services.db
      .update(shifts)
      .set({ startsAt: sql`now() - interval '40 minutes'` })
      .where(eq(shifts.id, shift.shiftId));
    const res = await practice.client.post(`/api/practice/bookings/${shift.bookingId}/no-show`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(attendanceMessages.noShowCheckedIn);
    expect((await bookingRow(shift.bookingId)).status).toBe('confirmed');
  });
});
