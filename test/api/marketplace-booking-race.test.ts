import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftApplications, shifts } from '../../src/server/db/schema';
import { bookingMessages } from '../../src/shared/marketplace/bookings';
import {
  applicationRows,
  bookingRows,
  noticeKinds,
  postShift,
  practiceUser,
  professionalUser,
  shiftRow,
  type ProfessionalUser,
  serverForFile,
} from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

/**
 * The race: many professionals booking, or a practice accepting several applicants of, the same
 * shift at the same moment end with exactly one booking. Runs on PGlite and, with DATABASE_URL,
 * on PostgreSQL (where the requests truly run in parallel on a connection pool).
 */
let server: TestServer;
const CONTENDERS = 20;
/**
 * Each shift of this file on its own day: the same contenders book several of them, and one
 * professional is never booked twice at the same time (issue 41).
 */
let day = 2;
const ownDay = () => ({ daysAhead: (day += 1) });
let contenders: ProfessionalUser[];

serverForFile(async (started) => {
  server = started;
  contenders = [];
  for (let i = 0; i < CONTENDERS; i += 1) {
    contenders.push(await professionalUser(server, { firstName: `Pro${i}` }));
  }
}, 120_000);

describe('concurrent instant bookings of one shift', () => {
  it(`${CONTENDERS} professionals at once: exactly one booking and one 201, the others 409`, async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      ...ownDay(),
    });

    const results = await Promise.all(
      contenders.map((pro) => pro.client.post(`/api/professional/shifts/${shiftId}/book`)),
    );

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONTENDERS - 1);
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body.error.message).toBe(bookingMessages.alreadyTaken);
    }
    const winnerIndex = statuses.indexOf(201);
    const winner = contenders[winnerIndex]!;

    const rows = await bookingRows(server, shiftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      professionalId: winner.professionalId,
      status: 'confirmed',
      source: 'instant',
    });
    expect(results[winnerIndex]!.body).toMatchObject({ id: rows[0]!.id, status: 'confirmed' });
    const shift = await shiftRow(server, shiftId);
    expect(shift.status).toBe('filled');
    expect(shift.firstResponseAt).toBeInstanceOf(Date);

    // Only the winner and the practice were told; the losers have no booking notice.
    expect(await noticeKinds(server, winner.userId)).toEqual(['booking_confirmed']);
    expect(await noticeKinds(server, practice.userId)).toEqual(['booking_confirmed']);
    for (const pro of contenders.filter((_, i) => i !== winnerIndex)) {
      expect(await noticeKinds(server, pro.userId)).toEqual([]);
    }
  });

  it('a second round on another shift again ends with one booking', async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      ...ownDay(),
    });
    const results = await Promise.all(
      contenders
        .slice(0, 10)
        .map((pro) => pro.client.post(`/api/professional/shifts/${shiftId}/book`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await bookingRows(server, shiftId)).toHaveLength(1);
  });
});

describe('the partial unique index as the last guard', () => {
  it('a second live booking is refused by the index with 409, never a 500', async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      ...ownDay(),
    });
    const [first, second] = contenders;
    expect((await first!.client.post(`/api/professional/shifts/${shiftId}/book`)).status).toBe(201);
    // Force the shift open again while its booking stays confirmed: only the index stands
    // between a second booking and the database now.
    await server.services.db.update(shifts).set({ status: 'open' }).where(eq(shifts.id, shiftId));

    const res = await second!.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(bookingMessages.alreadyTaken);
    const rows = await bookingRows(server, shiftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.professionalId).toBe(first!.professionalId);
    // The refused booking's transaction was undone: the shift update went with it.
    expect((await shiftRow(server, shiftId)).status).toBe('open');
  });
});

describe('concurrent accepts of one shift', () => {
  it('a practice accepting many applicants at once books exactly one', async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'review',
      ...ownDay(),
    });
    const applicants = contenders.slice(0, 12);
    const applicationIds: string[] = [];
    for (const pro of applicants) {
      const res = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
      expect(res.status).toBe(201);
      applicationIds.push(res.body.id);
    }

    const results = await Promise.all(
      applicationIds.map((id) => practice.client.post(`/api/practice/applications/${id}/accept`)),
    );

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(applicants.length - 1);
    for (const lost of results.filter((r) => r.status === 409)) {
      // Lost the race on the shift, or found its application already declined by the winner:
      // either way the practice reads its own words, never the professional's.
      expect(lost.body.error.message).toBe(bookingMessages.alreadyFilled);
    }
    const winnerIndex = statuses.indexOf(200);
    const rows = await bookingRows(server, shiftId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      professionalId: applicants[winnerIndex]!.professionalId,
      applicationId: applicationIds[winnerIndex],
      source: 'accepted',
      status: 'confirmed',
    });
    const applications = await applicationRows(server, shiftId);
    expect(applications.filter((a) => a.status === 'accepted')).toHaveLength(1);
    expect(applications.filter((a) => a.status === 'declined')).toHaveLength(applicants.length - 1);
    expect((await shiftRow(server, shiftId)).status).toBe('filled');
  });
});

describe('each side reads its own words when a shift was just filled', () => {
  it('a practice accepting an applicant of a shift just filled reads the practice text', async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'review',
      ...ownDay(),
    });
    const [first, second] = contenders;
    const ids: string[] = [];
    for (const pro of [first!, second!]) {
      const res = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
      ids.push(res.body.id);
    }
    expect((await practice.client.post(`/api/practice/applications/${ids[0]}/accept`)).status).toBe(
      200,
    );
    // The second accept comes a moment late (the first one declined this application).
    const late = await practice.client.post(`/api/practice/applications/${ids[1]}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(bookingMessages.alreadyFilled);
    expect(late.body.error.message).not.toBe(bookingMessages.alreadyTaken);
  });

  it('an accept refused by the unique index reads the practice text too', async () => {
    const practice = await practiceUser(server);
    const shiftId = await postShift(server, practice.practiceId, {
      bookingMode: 'review',
      ...ownDay(),
    });
    const [first, second] = contenders;
    const firstApp = await first!.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    const secondApp = await second!.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    await practice.client.post(`/api/practice/applications/${firstApp.body.id}/accept`);
    // Force the shift open and the second application pending again: only the index refuses.
    await server.services.db.update(shifts).set({ status: 'open' }).where(eq(shifts.id, shiftId));
    await server.services.db
      .update(shiftApplications)
      .set({ status: 'pending' })
      .where(eq(shiftApplications.id, secondApp.body.id));
    const res = await practice.client.post(
      `/api/practice/applications/${secondApp.body.id}/accept`,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(bookingMessages.alreadyFilled);
  });
});
