import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../src/shared/marketplace/bookings';
import { practiceDateOf, practiceTimeOf } from '../../src/shared/practice/shift-dates';
import { shiftMessages } from '../../src/shared/practice/shifts';
import { shifts, user } from '../../src/server/db/schema';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  EXPIRE_BATCH,
  expireUnfilledShifts,
} from '../../src/server/services/marketplace/expire-unfilled-shifts';
import {
  applicationRows,
  bookingRows,
  marketplaceCast,
  postShift,
  practiceUser,
  professionalUser,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
  serverForFile,
} from '../support/marketplace-fixtures';
import { bellEntries, emailsTo } from '../support/notification-fixtures';
import type { ApiClient, TestServer } from '../support/test-server';

/**
 * What happens to shifts over their life besides booking: a professional suspended while booked
 * or applying, a practice changing the terms of a shift people applied for, a shift that starts
 * without anyone booked.
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
  const email = `admin-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await createAdminAccount(server.services, {
    email,
    password: 'admin-password-123',
    name: 'Pat Admin',
  });
  admin = server.client();
  const res = await admin.post('/api/login', {
    email,
    password: 'admin-password-123',
    audience: 'admin',
  });
  expect(res.status).toBe(200);
});

/** 'HH:mm', New Jersey time, of an ISO instant. */
function newJerseyTime(iso: string): string {
  return practiceTimeOf(new Date(iso));
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await server.services.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row!.email;
}

describe('a professional suspended while booked or applying', () => {
  it('loses their future bookings (each shift reopens, its practice told) and pending applications; a refusal names the suspension', async () => {
    const pro = await professionalUser(server, { firstName: 'Sam', lastName: 'Vance' });
    // Three shifts on three days (2, 3 and 4 ahead): a professional holds no overlapping bookings.
    const instant = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      daysAhead: 2,
    });
    const booked = await pro.client.post(`/api/professional/shifts/${instant}/book`);
    expect(booked.status).toBe(201);
    // A review shift: Sam and Alice applied, Sam was accepted (Alice declined with it).
    const review = await postShift(server, otherPractice.practiceId, { daysAhead: 3 });
    const samApp = await pro.client.post(`/api/professional/shifts/${review}/apply`, {});
    expect(samApp.status).toBe(201);
    const aliceApp = await alice.client.post(`/api/professional/shifts/${review}/apply`, {});
    const accepted = await otherPractice.client.post(
      `/api/practice/applications/${samApp.body.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    // And one application still pending.
    const pendingShift = await postShift(server, practice.practiceId, { daysAhead: 4 });
    const pendingApp = await pro.client.post(`/api/professional/shifts/${pendingShift}/apply`, {});
    expect(pendingApp.status).toBe(201);

    const res = await admin.post(`/api/admin/professionals/${pro.professionalId}/decisions`, {
      decision: 'suspended',
      reason: 'No-show twice',
    });
    expect(res.status).toBe(201);

    for (const shiftId of [instant, review]) {
      expect((await shiftRow(server, shiftId)).status).toBe('open');
      const [row] = await bookingRows(server, shiftId);
      expect(row).toMatchObject({
        status: 'cancelled',
        cancelReason: bookingMessages.suspendedBookingReason,
      });
    }
    for (const owner of [practice, otherPractice]) {
      const told = await bellEntries(server, owner.userId, 'booking_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0]!.title).toMatch(/^Sam Vance can no longer work your Hygienist shift on /);
      expect(told[0]!.body).toContain('suspended');
      const mail = await emailsTo(server, await emailOf(owner.userId));
      expect(mail.map((m) => m.subject)).toContain(told[0]!.title);
    }
    // Alice, declined only because Sam was booked, may apply again and is told.
    const rows = Object.fromEntries(
      (await applicationRows(server, review)).map((row) => [row.id, row.status]),
    );
    expect(rows[aliceApp.body.id]).toBe('withdrawn');
    expect(await bellEntries(server, alice.userId, 'applied_shift_update')).toHaveLength(1);
    expect((await alice.client.post(`/api/professional/shifts/${review}/apply`, {})).status).toBe(
      201,
    );
    // Sam's pending application is withdrawn: the practice no longer sees it as an applicant.
    expect((await applicationRows(server, pendingShift))[0]!.status).toBe('withdrawn');

    // Sam is told why they cannot book or apply.
    const another = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    for (const attempt of [
      pro.client.post(`/api/professional/shifts/${another}/book`),
      pro.client.post(`/api/professional/shifts/${pendingShift}/apply`, {}),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(bookingMessages.suspended);
    }
    // A professional not verified yet still reads the verification text.
    const waiting = await professionalUser(server, { status: 'pending', firstName: 'Wren' });
    const notYet = await waiting.client.post(`/api/professional/shifts/${another}/book`);
    expect(notYet.body.error.message).toBe(bookingMessages.notVerified);
  });
});

describe('a practice changes the terms of a shift people applied for (decision 014)', () => {
  it('a new time or rate withdraws the pending applications and tells each applicant the new terms', async () => {
    const shiftId = await postShift(server, practice.practiceId, { daysAhead: 5 });
    const applied = await Promise.all(
      [alice, bob].map((pro) => pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {})),
    );
    expect(applied.map((res) => res.status)).toEqual([201, 201]);
    const listed = await practice.client.get(`/api/practice/shifts`);
    const before = listed.body.shifts.find((shift: { id: string }) => shift.id === shiftId);
    expect(before.applicantCount).toBe(2);

    // Saving the same terms changes nothing for the applicants.
    const same = await practice.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: newJerseyTime(before.startTime),
      endTime: newJerseyTime(before.endTime),
      rate: (before.rateCents / 100).toFixed(2),
    });
    expect(same.status).toBe(200);
    expect(same.body.applicantCount).toBe(2);

    const changed = await practice.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: '09:00',
      endTime: '15:00',
      rate: '42',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.applicantCount).toBe(0);
    expect((await applicationRows(server, shiftId)).map((row) => row.status)).toEqual([
      'withdrawn',
      'withdrawn',
    ]);
    for (const pro of [alice, bob]) {
      const told = await bellEntries(server, pro.userId, 'applied_shift_update');
      const notice = told.find((row) => row.title.endsWith('has changed'));
      expect(notice, 'notice of the change').toBeDefined();
      expect(notice!.body).toContain('9:00 AM – 3:00 PM at $42.00');
      const mail = await emailsTo(server, await emailOf(pro.userId));
      expect(mail.map((m) => m.subject)).toContain(notice!.title);
    }
    // They may apply again on the new terms; the practice then accepts one as usual.
    const again = await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(again.status).toBe(201);
    const accepted = await practice.client.post(
      `/api/practice/applications/${again.body.id}/accept`,
    );
    expect(accepted.status).toBe(200);

    // Booked now: the terms cannot change any more.
    const refused = await practice.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: '10:00',
      endTime: '15:00',
      rate: '60',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(shiftMessages.bookedNotEditable);
    expect((await shiftRow(server, shiftId)).rateCents).toBe(4200);
  });
});

describe('a shift that starts without anyone booked expires', () => {
  it('closes a backlog larger than one batch over several runs, oldest first', async () => {
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'review' });
    const { db } = server.services;
    // A backlog after a pause: one more than a batch of open shifts that have all started.
    await db.execute(sql`insert into shifts (practice_id, location_id, location_name,
        location_address, position, starts_at, ends_at, rate_cents, status, created_at)
      select practice_id, location_id, location_name, location_address, position,
        now() - make_interval(mins => 60 + g), now() + interval '1 hour', rate_cents, 'open',
        now() - interval '2 days'
      from shifts, generate_series(1, ${EXPIRE_BATCH + 1}) g where id = ${shiftId}`);
    const first = await expireUnfilledShifts(db);
    expect(first.expiredShifts).toBe(EXPIRE_BATCH);
    const second = await expireUnfilledShifts(db);
    expect(second.expiredShifts).toBe(1);
    expect((await expireUnfilledShifts(db)).expiredShifts).toBe(0);
  });

  it('shows as Expired the moment it starts (kept answers too), then the job stores it and closes the applications', async () => {
    const owner = await practiceUser(server, 'Willow Creek Dental');
    const shiftId = await postShift(server, owner.practiceId, { daysAhead: 2 });
    const applied = await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(applied.status).toBe(201);
    // It starts in a few seconds (a direct write, heard before the next request).
    const startsAt = new Date(Date.now() + 3_000);
    await server.services.db
      .update(shifts)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 8 * 3_600_000) })
      .where(eq(shifts.id, shiftId));
    const month = practiceDateOf(startsAt).slice(0, 7);
    const page = () => owner.client.get(`/api/practice/shifts?month=${month}`);
    const statusOnPage = async () =>
      (await page()).body.shifts.find((shift: { id: string }) => shift.id === shiftId)?.status;
    const dashboard = async () => (await owner.client.get('/api/practice/dashboard')).body;

    expect(await statusOnPage()).toBe('open');
    expect((await dashboard()).activeRequests).toBe(1);
    // Read again: kept in memory now, and nothing is written from here until the job runs.
    expect(await statusOnPage()).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 200));

    expect(await statusOnPage()).toBe('expired');
    expect((await dashboard()).activeRequests).toBe(0);
    const listed = await owner.client.get('/api/practice/shifts');
    expect(listed.body.shifts.find((shift: { id: string }) => shift.id === shiftId).status).toBe(
      'expired',
    );
    expect((await shiftRow(server, shiftId)).status).toBe('open'); // not stored yet
    const mine = await alice.client.get('/api/professional/applications');
    const application = mine.body.applications.find(
      (row: { id: string }) => row.id === applied.body.id,
    );
    expect(application.shift.status).toBe('expired');
    expect(application.canWithdraw).toBe(false);

    // Nothing can be done with it any more.
    const cancel = await owner.client.post(`/api/practice/shifts/${shiftId}/cancel`, {});
    expect(cancel.status).toBe(409);
    const edit = await owner.client.patch(`/api/practice/shifts/${shiftId}`, {
      startTime: '09:00',
      endTime: '15:00',
      rate: '50',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe(shiftMessages.notEditable);
    const late = await bob.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(late.status).toBe(409);
    const accept = await owner.client.post(`/api/practice/applications/${applied.body.id}/accept`);
    expect(accept.status).toBe(409);
    const decline = await owner.client.post(
      `/api/practice/applications/${applied.body.id}/decline`,
    );
    expect(decline.status).toBe(409);

    // The job stores it, closes the pending application and tells the applicant, once.
    for (let run = 0; run < 2; run += 1) {
      const ran = await server.client().post('/api/dev/jobs/run', {});
      expect(ran.status).toBe(200);
    }
    expect((await shiftRow(server, shiftId)).status).toBe('expired');
    expect((await applicationRows(server, shiftId)).map((row) => row.status)).toEqual(['expired']);
    const told = (await bellEntries(server, alice.userId, 'application_declined')).filter((row) =>
      row.title.endsWith('has closed'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Willow Creek Dental');
    const mail = await emailsTo(server, await emailOf(alice.userId));
    expect(mail.filter((m) => m.subject === told[0]!.title)).toHaveLength(1);
    expect(await statusOnPage()).toBe('expired');
    expect((await dashboard()).activeRequests).toBe(0);
  });
});
