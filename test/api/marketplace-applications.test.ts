import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingMessages, notBookableMessage } from '../../src/shared/marketplace/bookings';
import type { MyApplicationDto } from '../../src/shared/marketplace/booking-replies';
import type { ApplicantDto } from '../../src/shared/marketplace/booking-replies';
import { genericErrors } from '../../src/shared/messages';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { weekDays } from '../../src/shared/professional/availability';
import { professionals, shifts } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { queuedNotice } from '../../src/server/db/outbox-queue';
import { CHANGE_NOTICE_CHANNEL } from '../../src/server/services/kept-answers';
import {
  applicationRows,
  bookingRows,
  marketplaceSnapshot,
  moveShiftIntoPast,
  noticeKinds,
  postShift,
  professionalUser,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
  marketplaceCast,
  serverForFile,
} from '../support/marketplace-fixtures';
import { fileForm, PDF_BYTES, PNG_BYTES } from '../support/sample-files';
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

const apply = (pro: ProfessionalUser, shiftId: string, body: unknown = {}) =>
  pro.client.post(`/api/professional/shifts/${shiftId}/apply`, body);
const applicants = (p: PracticeUser, shiftId: string) =>
  p.client.get(`/api/practice/shifts/${shiftId}/applicants`);
const practiceShift = async (p: PracticeUser, shiftId: string): Promise<ShiftDto> => {
  const res = await p.client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts');
  return res.body.shifts.find((s) => s.id === shiftId)!;
};

describe('applying and withdrawing', () => {
  it('applies with a note, lists it, tells the practice and stamps the first response once', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const res = await apply(alice, shiftId, { note: '  Free all day  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      note: 'Free all day',
      canWithdraw: true,
      shift: {
        id: shiftId,
        practiceName: 'Harbor Dental Care',
        position: 'Hygienist',
        bookingMode: 'review',
        status: 'open',
      },
    });
    const firstResponse = (await shiftRow(server, shiftId)).firstResponseAt;
    expect(firstResponse).toBeInstanceOf(Date);
    expect(await noticeKinds(server, practice.userId)).toContain('application_received');

    const mine = await alice.client.get<{ applications: MyApplicationDto[] }>(
      '/api/professional/applications',
    );
    expect(mine.status).toBe(200);
    expect(mine.body.applications.map((a) => a.id)).toContain(res.body.id);
    // Bob does not see Alice's application.
    const his = await bob.client.get<{ applications: MyApplicationDto[] }>(
      '/api/professional/applications',
    );
    expect(his.body.applications.map((a) => a.id)).not.toContain(res.body.id);

    // A second applicant: the first response time stays the first one, and the shift row is not
    // written again (an update would announce the shift changed: every board of its position
    // would be computed again).
    const rowVersion = async () =>
      (
        await queryRows<{ xmin: string }>(
          server.services.db,
          sql`select xmin::text from shifts where id = ${shiftId}::uuid`,
        )
      )[0]!.xmin;
    const versionBefore = await rowVersion();
    expect((await apply(bob, shiftId)).status).toBe(201);
    expect((await shiftRow(server, shiftId)).firstResponseAt).toEqual(firstResponse);
    expect(await rowVersion()).toBe(versionBefore);
    expect((await practiceShift(practice, shiftId)).applicantCount).toBe(2);
  });

  it("announces the practice's queued notice with the application, so the notice worker starts at once", async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const heard: string[] = [];
    const stop = await new Promise<() => Promise<void>>((resolve) => {
      const stopping = server.database.listen(
        CHANGE_NOTICE_CHANNEL,
        (payload) => heard.push(payload),
        (ready) => ready && resolve(stopping),
      );
    });
    try {
      expect((await apply(alice, shiftId)).status).toBe(201);
      await expect.poll(() => heard.includes(queuedNotice('notice_queue'))).toBe(true);
    } finally {
      await stop();
    }
  });

  it('applying twice is refused and changes nothing', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    expect((await apply(alice, shiftId)).status).toBe(201);
    const before = await marketplaceSnapshot(server, shiftId);
    const again = await apply(alice, shiftId, { note: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookingMessages.alreadyApplied);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });

  it('withdraws a pending application; applying again reuses the same row', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(alice, shiftId, { note: 'first' });
    const withdrawn = await alice.client.post<MyApplicationDto>(
      `/api/professional/applications/${applied.body.id}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      id: applied.body.id,
      status: 'withdrawn',
      canWithdraw: false,
    });
    expect((await practiceShift(practice, shiftId)).applicantCount).toBe(0);
    expect((await applicants(practice, shiftId)).body.applicants).toEqual([]);

    const twice = await alice.client.post(
      `/api/professional/applications/${applied.body.id}/withdraw`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(bookingMessages.notPending);

    const again = await apply(alice, shiftId, { note: 'second' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: applied.body.id, status: 'pending', note: 'second' });
    const rows = await applicationRows(server, shiftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', note: 'second', decidedAt: null });
  });

  it('applies without a body (an empty note), and again after withdrawing keeps the note it had', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const bare = await bob.client.post<MyApplicationDto>(
      `/api/professional/shifts/${shiftId}/apply`,
    );
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body).toMatchObject({ status: 'pending', note: '' });
    await bob.client.post(`/api/professional/applications/${bare.body.id}/withdraw`);
    const noted = await apply(bob, shiftId, { note: 'Can stay late' });
    expect(noted.body).toMatchObject({ id: bare.body.id, note: 'Can stay late' });
    await bob.client.post(`/api/professional/applications/${bare.body.id}/withdraw`);
    const again = await bob.client.post(`/api/professional/shifts/${shiftId}/apply`);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({
      id: bare.body.id,
      status: 'pending',
      note: 'Can stay late',
    });
  });

  it('cannot withdraw once the shift has started', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(alice, shiftId);
    await moveShiftIntoPast(server, shiftId);
    const res = await alice.client.post(
      `/api/professional/applications/${applied.body.id}/withdraw`,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(bookingMessages.alreadyStarted);
    expect((await applicationRows(server, shiftId))[0]!.status).toBe('pending');
  });

  it("a professional cannot withdraw another's application (404, unchanged)", async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(alice, shiftId);
    const before = await marketplaceSnapshot(server, shiftId);
    const res = await bob.client.post(`/api/professional/applications/${applied.body.id}/withdraw`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(bookingMessages.applicationNotFound);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
    expect(
      (await bob.client.post(`/api/professional/applications/${randomUUID()}/withdraw`)).status,
    ).toBe(404);
    expect((await bob.client.post('/api/professional/applications/nope/withdraw')).status).toBe(
      404,
    );
  });
});

describe('who may apply, for what', () => {
  async function refused(
    pro: ProfessionalUser,
    shiftId: string,
    status: number,
    message: string,
    body: unknown = {},
  ) {
    const before = await marketplaceSnapshot(server, shiftId);
    const res = await apply(pro, shiftId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  }

  it('refuses professionals who are not verified', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const pro = await professionalUser(server, { status });
      // A suspended professional is told so; the others that they are not verified yet.
      await refused(pro, shiftId, 403, notBookableMessage(status));
      const book = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
      expect(book.status).toBe(403);
    }
    expect((await shiftRow(server, shiftId)).firstResponseAt).toBeNull();
  });

  it('refuses a shift for another position', async () => {
    const assistant = await professionalUser(server, { role: 'assistant' });
    const shiftId = await postShift(server, practice.practiceId, { position: 'Hygienist' });
    await refused(assistant, shiftId, 403, bookingMessages.wrongPosition);
    const frontDesk = await postShift(server, practice.practiceId, { position: 'Front Desk' });
    await refused(alice, frontDesk, 403, bookingMessages.wrongPosition);
  });

  it('refuses an instant-book shift (book it instead)', async () => {
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    await refused(alice, shiftId, 409, bookingMessages.useBook);
  });

  it('refuses cancelled, filled, completed and started shifts', async () => {
    for (const status of ['cancelled', 'filled', 'completed'] as const) {
      const shiftId = await postShift(server, practice.practiceId);
      await server.services.db.update(shifts).set({ status }).where(eq(shifts.id, shiftId));
      await refused(alice, shiftId, 409, bookingMessages.notOpen);
    }
    const started = await postShift(server, practice.practiceId);
    await moveShiftIntoPast(server, started);
    await refused(alice, started, 409, bookingMessages.alreadyStarted);
  });

  it('refuses a note that is too long and an unknown shift', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    await refused(alice, shiftId, 400, bookingMessages.noteTooLong, { note: 'x'.repeat(1001) });
    const unknown = await apply(alice, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(bookingMessages.shiftNotFound);
    expect((await apply(alice, 'not-a-uuid')).status).toBe(404);
  });

  it('answers 401 signed out and 403 for the other kind of account', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const anonymous = server.client();
    for (const path of [
      `/api/professional/shifts/${shiftId}/apply`,
      `/api/professional/shifts/${shiftId}/book`,
    ]) {
      expect((await anonymous.post(path, {})).status).toBe(401);
      const res = await practice.client.post(path, {});
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(genericErrors.forbidden);
    }
    expect((await anonymous.get('/api/professional/applications')).status).toBe(401);
    expect((await practice.client.get('/api/professional/applications')).status).toBe(403);
    expect((await anonymous.get(`/api/practice/shifts/${shiftId}/applicants`)).status).toBe(401);
    expect((await alice.client.get(`/api/practice/shifts/${shiftId}/applicants`)).status).toBe(403);
    const applied = await apply(alice, shiftId);
    for (const action of ['accept', 'decline']) {
      const path = `/api/practice/applications/${applied.body.id}/${action}`;
      expect((await anonymous.post(path)).status).toBe(401);
      expect((await alice.client.post(path)).status).toBe(403);
    }
    expect((await applicationRows(server, shiftId))[0]!.status).toBe('pending');
  });
});

describe('applicants, accepting and declining', () => {
  it('lists applicants with their profile, figures and note; only for the own shift', async () => {
    const carla = await professionalUser(server, { firstName: 'Carla', lastName: 'Diaz' });
    await server.services.db
      .update(professionals)
      .set({
        yearsOfExperience: 7,
        certifications: { N2O: true, localAnesthesia: true, xray: false, other: 'Laser' },
        specialty: { periodontics: true, general: false },
        software: { Dentrix: true },
      })
      .where(eq(professionals.id, carla.professionalId));
    const shiftId = await postShift(server, practice.practiceId);
    await apply(carla, shiftId, { note: 'Periodontal charting is my thing' });

    const res = await applicants(practice, shiftId);
    expect(res.status).toBe(200);
    expect(res.body.applicants).toEqual([
      {
        applicationId: expect.any(String),
        professionalId: carla.professionalId,
        name: 'Carla Diaz',
        photoUrl: null,
        resumeUrl: null,
        position: 'Hygienist',
        yearsOfExperience: 7,
        certifications: ['Nitrous Oxide (N2O)', 'Local Anesthesia', 'Laser'],
        skills: ['Periodontics', 'Dentrix'],
        averageRating: null,
        ratingCount: 0,
        shiftsCompleted: 0,
        reliability: { score: null, completed: 0, lateCancellations: 0, noShows: 0 },
        note: 'Periodontal charting is my thing',
        status: 'pending',
        appliedAt: expect.any(String),
      },
    ]);

    // Another practice sees nothing of it.
    const other = await applicants(otherPractice, shiftId);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(bookingMessages.shiftNotFound);
    expect((await applicants(practice, randomUUID())).status).toBe(404);
  });

  it('accepting fills the shift, declines the others and tells everyone', async () => {
    const dan = await professionalUser(server, { firstName: 'Dan', lastName: 'Okafor' });
    const eve = await professionalUser(server, { firstName: 'Eve', lastName: 'Park' });
    const fay = await professionalUser(server, { firstName: 'Fay', lastName: 'Ito' });
    const shiftId = await postShift(server, practice.practiceId);
    const dansApplication = await apply(dan, shiftId);
    const evesApplication = await apply(eve, shiftId);
    await apply(fay, shiftId);
    const practiceNotices = (await noticeKinds(server, practice.userId)).length;

    const res = await practice.client.post(
      `/api/practice/applications/${evesApplication.body.id}/accept`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      shiftId,
      professionalId: eve.professionalId,
      professionalName: 'Eve Park',
      status: 'confirmed',
      canRate: false,
      myRating: null,
    });

    expect((await shiftRow(server, shiftId)).status).toBe('filled');
    const rows = await bookingRows(server, shiftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      professionalId: eve.professionalId,
      applicationId: evesApplication.body.id,
      source: 'accepted',
    });
    const statuses = Object.fromEntries(
      (await applicationRows(server, shiftId)).map((a) => [a.professionalId, a.status]),
    );
    expect(statuses).toEqual({
      [dan.professionalId]: 'declined',
      [eve.professionalId]: 'accepted',
      [fay.professionalId]: 'declined',
    });
    expect(await noticeKinds(server, eve.userId)).toEqual(['booking_confirmed']);
    expect(await noticeKinds(server, dan.userId)).toEqual(['application_declined']);
    expect(await noticeKinds(server, fay.userId)).toEqual(['application_declined']);
    expect((await noticeKinds(server, practice.userId)).slice(practiceNotices)).toEqual([
      'booking_confirmed',
    ]);

    // The practice's list shows who is booked.
    const listed = await practiceShift(practice, shiftId);
    expect(listed).toMatchObject({
      status: 'filled',
      applicantCount: 0,
      booking: {
        professionalName: 'Eve Park',
        status: 'confirmed',
        professionalId: eve.professionalId,
      },
    });
    // The professional sees the booking and their accepted application.
    const bookings = await eve.client.get('/api/professional/bookings');
    expect(bookings.body.bookings[0]).toMatchObject({
      status: 'confirmed',
      source: 'accepted',
      canCancel: true,
      shift: { id: shiftId, status: 'filled' },
    });
    const dansView = await dan.client.get<{ applications: MyApplicationDto[] }>(
      '/api/professional/applications',
    );
    expect(dansView.body.applications[0]).toMatchObject({
      id: dansApplication.body.id,
      status: 'declined',
      canWithdraw: false,
    });

    // Decided applications cannot be accepted or declined again; nothing changes. The shift is
    // filled, so the practice (acting on a list from before) is told that, in its own words.
    const before = await marketplaceSnapshot(server, shiftId);
    for (const [id, action] of [
      [evesApplication.body.id, 'accept'],
      [dansApplication.body.id, 'accept'],
      [dansApplication.body.id, 'decline'],
    ] as const) {
      const again = await practice.client.post(`/api/practice/applications/${id}/${action}`);
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(bookingMessages.alreadyFilled);
    }
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });

  it('declines one applicant and tells them', async () => {
    const gus = await professionalUser(server, { firstName: 'Gus', lastName: 'Lee' });
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(gus, shiftId);
    const res = await practice.client.post<ApplicantDto>(
      `/api/practice/applications/${applied.body.id}/decline`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      applicationId: applied.body.id,
      name: 'Gus Lee',
      status: 'declined',
    });
    expect(await noticeKinds(server, gus.userId)).toEqual(['application_declined']);
    expect((await shiftRow(server, shiftId)).status).toBe('open');
    expect(await bookingRows(server, shiftId)).toEqual([]);
    // A declined application is not renewed by applying again.
    const again = await apply(gus, shiftId);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookingMessages.alreadyApplied);
  });

  it("another practice can neither accept nor decline the practice's applicants", async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(alice, shiftId);
    const before = await marketplaceSnapshot(server, shiftId);
    for (const action of ['accept', 'decline']) {
      const res = await otherPractice.client.post(
        `/api/practice/applications/${applied.body.id}/${action}`,
      );
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(bookingMessages.applicationNotFound);
    }
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });

  it('an applicant suspended after applying cannot be accepted', async () => {
    const hal = await professionalUser(server, { firstName: 'Hal' });
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(hal, shiftId);
    await server.services.db
      .update(professionals)
      .set({ status: 'suspended' })
      .where(eq(professionals.id, hal.professionalId));
    const before = await marketplaceSnapshot(server, shiftId);
    const res = await practice.client.post(`/api/practice/applications/${applied.body.id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(bookingMessages.applicantUnavailable);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });
});

describe("applicants' photo and resume", () => {
  it('a practice opens them only while the professional applies to one of its shifts', async () => {
    const ivy = await professionalUser(server, { firstName: 'Ivy' });
    const photo = await ivy.client.raw(
      'POST',
      '/api/professional/photo',
      fileForm(PNG_BYTES, 'me.png', 'image/png'),
    );
    expect(photo.status).toBe(200);
    const resume = await ivy.client.raw(
      'POST',
      '/api/professional/resume',
      fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'),
    );
    expect(resume.status).toBe(200);
    const photoUrl: string = photo.body.photo.url;
    const resumeUrl: string = resume.body.resume.url;

    // Not applying: refused.
    expect((await practice.client.get(photoUrl)).status).toBe(403);

    const shiftId = await postShift(server, practice.practiceId);
    const applied = await apply(ivy, shiftId);
    const card = (await applicants(practice, shiftId)).body.applicants[0]!;
    expect(card.photoUrl).toBe(photoUrl);
    expect(card.resumeUrl).toBe(resumeUrl);
    expect((await practice.client.get(photoUrl)).status).toBe(200);
    expect((await practice.client.get(resumeUrl)).status).toBe(200);
    // Another practice, and another professional, still may not.
    expect((await otherPractice.client.get(photoUrl)).status).toBe(403);
    expect((await alice.client.get(resumeUrl)).status).toBe(403);

    // After withdrawing: refused; applying again: allowed; after being declined: refused.
    await ivy.client.post(`/api/professional/applications/${applied.body.id}/withdraw`);
    expect((await practice.client.get(photoUrl)).status).toBe(403);
    expect((await practice.client.get(resumeUrl)).status).toBe(403);
    await apply(ivy, shiftId);
    expect((await practice.client.get(resumeUrl)).status).toBe(200);
    await practice.client.post(`/api/practice/applications/${applied.body.id}/decline`);
    expect((await practice.client.get(photoUrl)).status).toBe(403);
    expect((await practice.client.get(resumeUrl)).status).toBe(403);
    const declinedCard = (await applicants(practice, shiftId)).body.applicants[0]!;
    expect(declinedCard).toMatchObject({ status: 'declined', photoUrl: null, resumeUrl: null });
  });
});

describe('the shift board', () => {
  it('shows how each shift is booked and the professional’s own application', async () => {
    const jo = await professionalUser(server, { firstName: 'Jo' });
    await server.services.db
      .update(professionals)
      .set({
        travelDistanceMiles: 100,
        minimumRateCents: null,
        availability: weekDays.map((day) => ({ day, startTime: '06:00', endTime: '20:00' })),
      })
      .where(eq(professionals.id, jo.professionalId));
    const review = await postShift(server, otherPractice.practiceId, { daysAhead: 3 });
    const instant = await postShift(server, otherPractice.practiceId, {
      daysAhead: 3,
      bookingMode: 'instant',
    });
    const applied = await apply(jo, review);

    const board = await jo.client.get('/api/professional/shift-board');
    expect(board.status).toBe(200);
    const byId = new Map(board.body.shifts.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(review)).toMatchObject({
      bookingMode: 'review',
      myApplication: { id: applied.body.id, status: 'pending' },
    });
    expect(byId.get(instant)).toMatchObject({ bookingMode: 'instant', myApplication: null });

    // Booked: no longer on the board.
    expect((await jo.client.post(`/api/professional/shifts/${instant}/book`)).status).toBe(201);
    const after = await jo.client.get('/api/professional/shift-board');
    expect(after.body.shifts.map((s: { id: string }) => s.id)).not.toContain(instant);
    expect(after.body.shifts.map((s: { id: string }) => s.id)).toContain(review);
  });
});
