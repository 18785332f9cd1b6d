import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../src/shared/marketplace/bookings';
import { shiftMessages } from '../../src/shared/practice/shifts';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { shifts, user } from '../../src/server/db/schema';
import {
  applicationRows,
  bookingRows,
  marketplaceSnapshot,
  moveShiftIntoPast,
  noticeKinds,
  postShift,
  shiftRow,
  type PracticeUser,
  type ProfessionalUser,
  marketplaceCast,
  professionalUser,
  serverForFile,
} from '../support/marketplace-fixtures';
import { bellEntries, emailsTo } from '../support/notification-fixtures';
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

async function emailOf(userId: string): Promise<string> {
  const [row] = await server.services.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row!.email;
}

const book = (pro: ProfessionalUser, shiftId: string) =>
  pro.client.post(`/api/professional/shifts/${shiftId}/book`);

async function bookedShift(pro: ProfessionalUser = alice) {
  const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  const res = await book(pro, shiftId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { shiftId, bookingId: res.body.id as string };
}

describe('instant booking', () => {
  it('books an instant shift: confirmed, on the schedule, both sides told', async () => {
    const shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const res = await book(alice, shiftId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      source: 'instant',
      cancelledBy: null,
      cancelReason: '',
      canCancel: true,
      canRate: false,
      myRating: null,
      shift: {
        id: shiftId,
        status: 'filled',
        bookingMode: 'instant',
        practiceName: 'Harbor Dental Care',
      },
    });
    const shift = await shiftRow(server, shiftId);
    expect(shift.status).toBe('filled');
    expect(shift.firstResponseAt).toBeInstanceOf(Date);
    expect(await noticeKinds(server, alice.userId)).toContain('booking_confirmed');
    expect(await noticeKinds(server, practice.userId)).toContain('booking_confirmed');

    const schedule = await alice.client.get('/api/professional/shifts');
    expect(schedule.body.shifts.map((s: { id: string }) => s.id)).toContain(shiftId);
    const list = await practice.client.get('/api/practice/shifts');
    const listed = list.body.shifts.find((s: ShiftDto) => s.id === shiftId);
    expect(listed.booking).toMatchObject({ professionalName: 'Alice Moreno', status: 'confirmed' });
  });

  it('refuses a review shift, a filled, cancelled or started one, and another position', async () => {
    const cases: Array<[string, number, string]> = [];
    const review = await postShift(server, practice.practiceId, { bookingMode: 'review' });
    cases.push([review, 409, bookingMessages.useApply]);
    const { shiftId: filled } = await bookedShift(bob);
    cases.push([filled, 409, bookingMessages.alreadyTaken]);
    const cancelled = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    await server.services.db
      .update(shifts)
      .set({ status: 'cancelled' })
      .where(eq(shifts.id, cancelled));
    cases.push([cancelled, 409, bookingMessages.notOpen]);
    const started = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    await moveShiftIntoPast(server, started);
    cases.push([started, 409, bookingMessages.alreadyStarted]);
    const frontDesk = await postShift(server, practice.practiceId, {
      bookingMode: 'instant',
      position: 'Front Desk',
    });
    cases.push([frontDesk, 403, bookingMessages.wrongPosition]);

    for (const [shiftId, status, message] of cases) {
      const before = await marketplaceSnapshot(server, shiftId);
      const res = await book(alice, shiftId);
      expect(res.status, message).toBe(status);
      expect(res.body.error.message).toBe(message);
      expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
    }
    // Booking one's own filled shift again says it is no longer open.
    const again = await book(bob, filled);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookingMessages.notOpen);
    expect((await book(alice, randomUUID())).status).toBe(404);
  });
});

describe('a professional cancels their booking', () => {
  it('needs a reason; the booking is cancelled, the shift reopens, the practice is told', async () => {
    const { shiftId, bookingId } = await bookedShift();
    const before = await marketplaceSnapshot(server, shiftId);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await alice.client.post(`/api/professional/bookings/${bookingId}/cancel`, body);
      expect(res.status).toBe(400);
      expect([bookingMessages.reasonRequired, bookingMessages.reasonTooLong]).toContain(
        res.body.error.message,
      );
    }
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
    const practiceNotices = (await noticeKinds(server, practice.userId)).length;

    const res = await alice.client.post(`/api/professional/bookings/${bookingId}/cancel`, {
      reason: ' Family emergency ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: bookingId,
      status: 'cancelled',
      cancelledBy: 'professional',
      cancelReason: 'Family emergency',
      canCancel: false,
      shift: { id: shiftId, status: 'open' },
    });
    const [row] = await bookingRows(server, shiftId);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'professional' });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    expect((await shiftRow(server, shiftId)).status).toBe('open');
    expect((await noticeKinds(server, practice.userId)).slice(practiceNotices)).toEqual([
      'booking_cancelled',
    ]);
    // Gone from the schedule, still in the bookings list as cancelled.
    const schedule = await alice.client.get('/api/professional/shifts');
    expect(schedule.body.shifts.map((s: { id: string }) => s.id)).not.toContain(shiftId);
    const list = await alice.client.get('/api/professional/bookings');
    expect(list.body.bookings.find((b: { id: string }) => b.id === bookingId).status).toBe(
      'cancelled',
    );
    // The reopened shift can be booked by someone else.
    expect((await book(bob, shiftId)).status).toBe(201);
    expect(await bookingRows(server, shiftId)).toHaveLength(2);

    const again = await alice.client.post(`/api/professional/bookings/${bookingId}/cancel`, {
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookingMessages.notCancellable);
  });

  it('after an accepted booking is cancelled, the application is withdrawn and may be renewed', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    const applied = await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    const accepted = await practice.client.post(
      `/api/practice/applications/${applied.body.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    const cancelled = await alice.client.post(
      `/api/professional/bookings/${accepted.body.id}/cancel`,
      { reason: 'Moved away' },
    );
    expect(cancelled.status).toBe(200);
    expect((await shiftRow(server, shiftId)).status).toBe('open');
    expect((await applicationRows(server, shiftId))[0]!.status).toBe('withdrawn');
    const again = await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: applied.body.id, status: 'pending' });
  });

  it('when the booked professional cancels, the applicants declined because it was filled may apply again and are told', async () => {
    const carol = await professionalUser(server, { firstName: 'Carol', lastName: 'Diaz' });
    const dave = await professionalUser(server, { firstName: 'Dave', lastName: 'Ortiz' });
    const shiftId = await postShift(server, practice.practiceId);
    const ids: Record<string, string> = {};
    for (const [name, pro] of Object.entries({ alice, bob, carol, dave })) {
      const res = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
      expect(res.status).toBe(201);
      ids[name] = res.body.id;
    }
    // The practice turns Dave down itself, then accepts Alice: Bob and Carol are declined with it.
    await practice.client.post(`/api/practice/applications/${ids.dave}/decline`);
    const accepted = await practice.client.post(`/api/practice/applications/${ids.alice}/accept`);
    expect(accepted.status).toBe(200);
    const cancelled = await alice.client.post(
      `/api/professional/bookings/${accepted.body.id}/cancel`,
      { reason: 'Family emergency' },
    );
    expect(cancelled.status).toBe(200);

    const statuses = Object.fromEntries(
      (await applicationRows(server, shiftId)).map((row) => [row.id, row.status]),
    );
    expect(statuses).toEqual({
      [ids.alice!]: 'withdrawn',
      [ids.bob!]: 'withdrawn',
      [ids.carol!]: 'withdrawn',
      [ids.dave!]: 'declined',
    });
    for (const pro of [bob, carol]) {
      const reopened = await bellEntries(server, pro.userId, 'applied_shift_update');
      expect(reopened).toHaveLength(1);
      expect(reopened[0]!.title).toMatch(/^The Hygienist shift on .+ is open again$/);
      expect(reopened[0]!.linkPath).toBe('/hygienist-portal/find-shifts');
      const mail = await emailsTo(server, await emailOf(pro.userId));
      expect(mail.map((m) => m.subject)).toContain(reopened[0]!.title);
      // And they may apply again.
      const again = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
      expect(again.status).toBe(201);
      expect(again.body.status).toBe('pending');
    }
    // Neither the one who cancelled nor the one the practice turned down is told.
    expect(await bellEntries(server, alice.userId, 'applied_shift_update')).toHaveLength(0);
    expect(await bellEntries(server, dave.userId, 'applied_shift_update')).toHaveLength(0);
    const daveAgain = await dave.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    expect(daveAgain.status).toBe(409);
  });

  it('cannot cancel a started or completed booking, nor another professional’s', async () => {
    const started = await bookedShift();
    await moveShiftIntoPast(server, started.shiftId);
    const before = await marketplaceSnapshot(server, started.shiftId);
    const late = await alice.client.post(`/api/professional/bookings/${started.bookingId}/cancel`, {
      reason: 'Late',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(bookingMessages.notCancellable);
    expect(await marketplaceSnapshot(server, started.shiftId)).toEqual(before);

    const upcoming = await bookedShift();
    const snapshot = await marketplaceSnapshot(server, upcoming.shiftId);
    const theirs = await bob.client.post(
      `/api/professional/bookings/${upcoming.bookingId}/cancel`,
      {
        reason: 'Not mine',
      },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe(bookingMessages.bookingNotFound);
    const byPractice = await practice.client.post(
      `/api/professional/bookings/${upcoming.bookingId}/cancel`,
      { reason: 'No' },
    );
    expect(byPractice.status).toBe(403);
    expect(await marketplaceSnapshot(server, upcoming.shiftId)).toEqual(snapshot);
  });
});

describe('a practice cancels a shift', () => {
  it('an open shift needs no reason; its pending applicants are declined and told', async () => {
    const shiftId = await postShift(server, practice.practiceId);
    await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {});
    const res = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: shiftId, status: 'cancelled', cancelReason: '' });
    expect((await applicationRows(server, shiftId))[0]!.status).toBe('declined');
    expect((await noticeKinds(server, alice.userId)).at(-1)).toBe('application_declined');
    const withReason = await postShift(server, practice.practiceId);
    const reasoned = await practice.client.post(`/api/practice/shifts/${withReason}/cancel`, {
      reason: 'Office closed',
    });
    expect(reasoned.body).toMatchObject({ status: 'cancelled', cancelReason: 'Office closed' });
  });

  it('a filled shift needs a reason, cancels the booking and tells the professional', async () => {
    const { shiftId, bookingId } = await bookedShift(bob);
    const before = await marketplaceSnapshot(server, shiftId);
    const missing = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      message: bookingMessages.reasonRequired,
      fields: { reason: bookingMessages.reasonRequired },
    });
    const tooLong = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
    const bobsNotices = (await noticeKinds(server, bob.userId)).length;

    const res = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'The dentist is ill',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The dentist is ill',
      booking: null,
    });
    expect((await bookingRows(server, shiftId))[0]).toMatchObject({
      id: bookingId,
      status: 'cancelled',
      cancelledBy: 'practice',
      cancelReason: 'The dentist is ill',
    });
    expect((await noticeKinds(server, bob.userId)).slice(bobsNotices)).toEqual([
      'booking_cancelled',
    ]);
    const mine = await bob.client.get('/api/professional/bookings');
    expect(mine.body.bookings.find((b: { id: string }) => b.id === bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'practice',
      cancelReason: 'The dentist is ill',
      canCancel: false,
    });
    expect(
      (await bob.client.get('/api/professional/shifts')).body.shifts.map(
        (s: { id: string }) => s.id,
      ),
    ).not.toContain(shiftId);

    const again = await practice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(shiftMessages.notCancellable);
  });

  it("another practice cannot cancel the practice's filled shift", async () => {
    const { shiftId } = await bookedShift();
    const before = await marketplaceSnapshot(server, shiftId);
    const res = await otherPractice.client.post(`/api/practice/shifts/${shiftId}/cancel`, {
      reason: 'Mine now',
    });
    expect(res.status).toBe(404);
    expect(await marketplaceSnapshot(server, shiftId)).toEqual(before);
  });
});
