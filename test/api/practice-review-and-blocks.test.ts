import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockMessages } from '../../src/shared/trust/blocks';
import { practiceReviewMessages } from '../../src/shared/trust/practice-review';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { matchNotices, reachQueue, shiftApplications, shifts } from '../../src/server/db/schema';
import { matchingShiftsDigestJob } from '../../src/server/jobs/matching-shifts-digest-job';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  noticeKinds,
  postShift,
  professionalUser,
  serverForFile,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { signedInPractice, type SignedInPractice } from '../support/practice-session';
import { readAfterReachJob } from '../support/reach-job';
import type { ApiClient, TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;

serverForFile(async (started) => {
  server = started;
  const created = await createAdminAccount(server.services, {
    email: 'review-admin@example.com',
    password: 'review-admin-password-1',
    name: 'Morgan Review',
  });
  admin = server.client();
  const res = await admin.post('/api/login', {
    email: created.email,
    password: 'review-admin-password-1',
    audience: 'admin',
  });
  if (res.status !== 200) throw new Error('admin sign-in failed');
});

/** A verified hygienist who fits every shift the seeded practices post (Hackensack). */
async function nearbyHygienist(firstName = 'Alice'): Promise<ProfessionalUser> {
  const pro = await professionalUser(server, { firstName, lastName: 'Moreno' });
  await fitEveryNearbyShift(server.services.db, pro.professionalId);
  return pro;
}

async function boardIds(pro: ProfessionalUser): Promise<string[]> {
  const res = await pro.client.get('/api/professional/shift-board');
  expect(res.status).toBe(200);
  return res.body.shifts.map((shift: { id: string }) => shift.id);
}

async function reachOf(practice: SignedInPractice, shiftId: string): Promise<number> {
  const res = await readAfterReachJob(server, () => practice.client.get('/api/practice/shifts'));
  expect(res.status).toBe(200);
  return res.body.shifts.find((shift: { id: string }) => shift.id === shiftId).reach;
}

async function mainLocationId(practice: SignedInPractice): Promise<string> {
  return (await practice.client.get('/api/practice/locations')).body.locations[0].id;
}

function shiftBody(locationId: string, days: number[]) {
  return {
    position: 'Hygienist',
    dates: days.map((day) => practiceDateFromToday(day)),
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.00',
    locationId,
    breakMinutes: 30,
    timePerPatient: 45,
    notes: '',
  };
}

async function decide(practiceId: string, decision: 'verified' | 'rejected', reason = '') {
  return admin.post(`/api/admin/practices/${practiceId}/decisions`, { decision, reason });
}

describe('a new practice is reviewed before its shifts reach anyone', () => {
  let practice: SignedInPractice;
  let alice: ProfessionalUser;
  let shiftId: string;

  beforeAll(async () => {
    practice = await signedInPractice(
      server,
      { practiceName: 'Brand New Dental' },
      {
        verified: false,
      },
    );
    alice = await nearbyHygienist();
    shiftId = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
  });

  it('tells the practice its review is pending, and its shift reaches nobody', async () => {
    const review = await practice.client.get('/api/practice/review');
    expect(review.body).toEqual({ status: 'pending', reason: '' });
    expect(await reachOf(practice, shiftId)).toBe(0);
    expect(await boardIds(alice)).not.toContain(shiftId);
  });

  it('refuses to apply for or book its shift with the answer an unknown shift gets', async () => {
    const unknown = await alice.client.post(`/api/professional/shifts/${randomUUID()}/book`);
    const book = await alice.client.post(`/api/professional/shifts/${shiftId}/book`);
    const apply = await alice.client.post(`/api/professional/shifts/${shiftId}/apply`, {
      note: '',
    });
    expect(book.status).toBe(404);
    expect(book.body).toEqual(unknown.body);
    expect(apply.status).toBe(404);
    expect(apply.body).toEqual(unknown.body);
  });

  it('tells no professional of its shift in the matching digest', async () => {
    await matchingShiftsDigestJob.run(server.services, new Date());
    const told = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.shiftId, shiftId));
    expect(told).toEqual([]);
  });

  it('caps its open shifts until it is verified, creating nothing past the cap', async () => {
    const limit = server.services.env.unreviewedPracticeOpenShifts;
    const locationId = await mainLocationId(practice);
    // One shift is open already: the cap leaves room for limit - 1 more.
    const tooMany = Array.from({ length: limit }, (_, i) => 5 + i);
    const refused = await practice.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, tooMany),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(practiceReviewMessages.openShiftLimit(limit, 1));
    expect(refused.body.error.message).toContain(
      `You can post up to ${limit - 1} more ${limit - 1 === 1 ? 'date' : 'dates'} now`,
    );
    const stored = await server.services.db
      .select()
      .from(shifts)
      .where(eq(shifts.practiceId, practice.practiceId));
    expect(stored).toHaveLength(1);
    const fits = await practice.client.post(
      '/api/practice/shifts',
      shiftBody(locationId, tooMany.slice(1)),
    );
    expect(fits.status).toBe(201);
  });

  it('tells a practice with no shift open how many dates it may post, posting none', async () => {
    const fresh = await signedInPractice(
      server,
      { practiceName: 'Fresh Start Dental' },
      { verified: false },
    );
    const limit = server.services.env.unreviewedPracticeOpenShifts;
    const locationId = await mainLocationId(fresh);
    const days = Array.from({ length: limit + 1 }, (_, i) => 3 + i);
    const refused = await fresh.client.post('/api/practice/shifts', shiftBody(locationId, days));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `Until ChairFill verifies your practice, it can have at most ${limit} open shifts. You can post up to ${limit} dates now; nothing was posted.`,
    );
    expect(refused.body.error.message).not.toContain('Cancel one');
    const stored = await server.services.db
      .select()
      .from(shifts)
      .where(eq(shifts.practiceId, fresh.practiceId));
    expect(stored).toEqual([]);
  });

  it('lists it for the admin with its owner and locations; a rejection needs a reason', async () => {
    const list = await admin.get('/api/admin/practices?status=pending');
    expect(list.status).toBe(200);
    const listed = list.body.practices.find((p: { id: string }) => p.id === practice.practiceId);
    expect(listed.practiceName).toBe('Brand New Dental');
    expect(listed.owner.email).toBe(practice.email);
    expect(listed.locations.length).toBeGreaterThan(0);
    expect(listed.openShifts).toBe(server.services.env.unreviewedPracticeOpenShifts);

    const noReason = await decide(practice.practiceId, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe(practiceReviewMessages.reasonRequired);
  });

  it('once verified, lists its shifts at once, counts their reach again and tells the practice', async () => {
    const verified = await decide(practice.practiceId, 'verified');
    expect(verified.status).toBe(201);
    expect(verified.body.status).toBe('verified');
    expect(await boardIds(alice)).toContain(shiftId);
    // The count made while unreviewed (0) is forgotten and the shift queued for the job; the
    // list says it is being counted.
    const queued = await server.services.db
      .select()
      .from(reachQueue)
      .where(eq(reachQueue.shiftId, shiftId));
    expect(queued).toHaveLength(1);
    const listed = (await practice.client.get('/api/practice/shifts')).body.shifts.find(
      (shift: { id: string }) => shift.id === shiftId,
    );
    expect(listed.reach).toBeUndefined();
    expect(listed.reachPending).toBe(true);
    expect(await reachOf(practice, shiftId)).toBe(1);
    expect(await noticeKinds(server, practice.userId)).toContain('verification_decision');
    expect((await practice.client.get('/api/practice/review')).body.status).toBe('verified');

    const again = await decide(practice.practiceId, 'verified');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(practiceReviewMessages.alreadyDecided.verified);
  });

  it('a rejection takes its shifts off the board again and tells the practice why', async () => {
    const rejected = await decide(
      practice.practiceId,
      'rejected',
      'We could not confirm the office address',
    );
    expect(rejected.status).toBe(201);
    expect(await boardIds(alice)).not.toContain(shiftId);
    expect(await reachOf(practice, shiftId)).toBe(0);
    expect((await practice.client.get('/api/practice/review')).body).toEqual({
      status: 'rejected',
      reason: 'We could not confirm the office address',
    });
    const history = (await admin.get('/api/admin/practices?status=rejected')).body.practices.find(
      (p: { id: string }) => p.id === practice.practiceId,
    ).history;
    expect(history.map((d: { decision: string }) => d.decision)).toEqual(['rejected', 'verified']);
    expect(history[0].admin.name).toBe('Morgan Review');
  });
});

describe('blocks, either way', () => {
  let practice: SignedInPractice;
  let other: SignedInPractice;
  let alice: ProfessionalUser;
  let bob: ProfessionalUser;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'Harbor Dental Care' });
    other = await signedInPractice(server, { practiceName: 'Lakeside Smiles' });
    alice = await nearbyHygienist('Alice');
    bob = await nearbyHygienist('Bob');
  });

  it('a practice blocks an applicant: the application ends quietly, the shifts vanish for them', async () => {
    const applied = await postShift(server, practice.practiceId, { daysAhead: 3 });
    const instant = await postShift(server, practice.practiceId, {
      daysAhead: 4,
      bookingMode: 'instant',
    });
    expect(
      (await alice.client.post(`/api/professional/shifts/${applied}/apply`, { note: '' })).status,
    ).toBe(201);
    const reachBefore = await reachOf(practice, instant);
    const bellBefore = await noticeKinds(server, alice.userId);

    const blocked = await practice.client.put(`/api/practice/blocks/${alice.professionalId}`);
    expect(blocked.status).toBe(204);
    // Blocking again changes nothing.
    expect((await practice.client.put(`/api/practice/blocks/${alice.professionalId}`)).status).toBe(
      204,
    );

    const [application] = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.shiftId, applied));
    expect(application!.status).toBe('declined');
    expect(await noticeKinds(server, alice.userId)).toEqual(bellBefore);

    const board = await boardIds(alice);
    expect(board).not.toContain(applied);
    expect(board).not.toContain(instant);
    expect(await boardIds(bob)).toContain(instant);
    expect(await reachOf(practice, instant)).toBe(reachBefore - 1);

    const unknown = await alice.client.post(`/api/professional/shifts/${randomUUID()}/book`);
    const book = await alice.client.post(`/api/professional/shifts/${instant}/book`);
    expect(book.status).toBe(404);
    expect(book.body).toEqual(unknown.body);

    const list = await practice.client.get('/api/practice/blocks');
    expect(list.body.blocks.map((b: { name: string }) => b.name)).toEqual(['Alice Moreno']);
    // Private: the professional's own list does not show who blocked them.
    expect((await alice.client.get('/api/professional/blocks')).body.blocks).toEqual([]);

    expect(
      (await practice.client.delete(`/api/practice/blocks/${alice.professionalId}`)).status,
    ).toBe(204);
    expect(await boardIds(alice)).toContain(instant);
    expect(await reachOf(practice, instant)).toBe(reachBefore);
  });

  it('a practice cannot block a professional it never dealt with', async () => {
    const res = await other.client.put(`/api/practice/blocks/${bob.professionalId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(blockMessages.professionalNotFound);
    expect((await other.client.get('/api/practice/blocks')).body.blocks).toEqual([]);
  });

  it('a professional blocks a practice: its shifts vanish and their application is withdrawn', async () => {
    const shiftId = await postShift(server, other.practiceId, { daysAhead: 5 });
    expect(
      (await bob.client.post(`/api/professional/shifts/${shiftId}/apply`, { note: '' })).status,
    ).toBe(201);
    expect((await bob.client.put(`/api/professional/blocks/${other.practiceId}`)).status).toBe(204);

    const [application] = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.shiftId, shiftId));
    expect(application!.status).toBe('withdrawn');
    expect(await boardIds(bob)).not.toContain(shiftId);
    const apply = await bob.client.post(`/api/professional/shifts/${shiftId}/apply`, { note: '' });
    expect(apply.status).toBe(404);

    const mine = await bob.client.get('/api/professional/blocks');
    expect(mine.body.blocks.map((b: { name: string }) => b.name)).toEqual(['Lakeside Smiles']);
    // The practice is not told, nor does its list show it.
    expect((await other.client.get('/api/practice/blocks')).body.blocks).toEqual([]);

    // Admins see every block, with who made it.
    const all = (await admin.get('/api/admin/blocks')).body.blocks;
    expect(all).toContainEqual(
      expect.objectContaining({
        practiceName: 'Lakeside Smiles',
        professionalName: 'Bob Moreno',
        blockedBy: 'professional',
      }),
    );
  });

  it('a blocked professional is not told of the practice’s new shifts', async () => {
    const carol = await nearbyHygienist('Carol');
    const fresh = await signedInPractice(server, { practiceName: 'Quiet Dental' });
    expect((await carol.client.put(`/api/professional/blocks/${fresh.practiceId}`)).status).toBe(
      204,
    );
    const shiftId = await postShift(server, fresh.practiceId, { daysAhead: 6 });
    await matchingShiftsDigestJob.run(server.services, new Date());
    const told = await server.services.db
      .select()
      .from(matchNotices)
      .where(eq(matchNotices.shiftId, shiftId));
    expect(told.map((n) => n.professionalId)).not.toContain(carol.professionalId);
    expect(told.length).toBeGreaterThan(0);
  });

  it('a professional cannot block a practice that is not verified (unknown to them)', async () => {
    const hidden = await signedInPractice(server, {}, { verified: false });
    const res = await bob.client.put(`/api/professional/blocks/${hidden.practiceId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(blockMessages.practiceNotFound);
  });
});
