import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '../../src/shared/marketplace/bookings';
import { invitationTexts, postingTexts } from '../../src/shared/trust/favourites';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import {
  bookings,
  matchNotices,
  ratings,
  rateLimits,
  shiftApplications,
  shiftBackfills,
  shifts,
} from '../../src/server/db/schema';
import { backfillJob } from '../../src/server/jobs/backfill-job';
import {
  INVITATIONS_PER_HOUR,
  invitationLimitKey,
} from '../../src/server/services/trust/invitations';
import { matchingShiftsDigestJob } from '../../src/server/jobs/matching-shifts-digest-job';
import {
  professionalUser,
  serverForFile,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { bellEntries } from '../support/notification-fixtures';
import { recordingDatabase } from '../support/recording-database';
import { signedInPractice, type SignedInPractice } from '../support/practice-session';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const HOUR = 3_600_000;

async function nearbyHygienist(firstName: string): Promise<ProfessionalUser> {
  const pro = await professionalUser(server, { firstName, lastName: 'Test' });
  await fitEveryNearbyShift(server.services.db, pro.professionalId);
  return pro;
}

async function locationOf(practice: SignedInPractice): Promise<string> {
  return (await practice.client.get('/api/practice/locations')).body.locations[0].id;
}

/** Posts a request through the API, with the posting choices given. */
async function post(
  practice: SignedInPractice,
  choices: Record<string, unknown> = {},
  days: number[] = [3],
) {
  return practice.client.post('/api/practice/shifts', {
    position: 'Hygienist',
    dates: days.map((day) => practiceDateFromToday(day)),
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.00',
    locationId: await locationOf(practice),
    breakMinutes: 30,
    timePerPatient: 45,
    notes: '',
    bookingMode: 'review',
    ...choices,
  });
}

async function postOne(practice: SignedInPractice, choices: Record<string, unknown> = {}) {
  const res = await post(practice, choices);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.shifts[0].id as string;
}

async function boardItem(pro: ProfessionalUser, shiftId: string) {
  const res = await pro.client.get('/api/professional/shift-board');
  expect(res.status).toBe(200);
  return res.body.shifts.find((shift: { id: string }) => shift.id === shiftId);
}

/** The professional works an instant shift of the practice (a booking: they worked together). */
let workedDays = 0;
async function workedWith(practice: SignedInPractice, pro: ProfessionalUser): Promise<string> {
  // Each on its own day (40 on): a professional is never booked twice at the same time, and
  // the shifts the tests post (day 3 and on) stay free for them.
  workedDays += 1;
  const res = await post(practice, { bookingMode: 'instant' }, [40 + workedDays]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const shiftId = res.body.shifts[0].id as string;
  const booked = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.id;
}

describe('favourites', () => {
  let practice: SignedInPractice;
  let alice: ProfessionalUser;
  let stranger: ProfessionalUser;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'Favourite Dental' });
    alice = await nearbyHygienist('Alice');
    stranger = await nearbyHygienist('Stella');
    await workedWith(practice, alice);
  });

  it('lists the professionals booked on its shifts, and marks and unmarks a favourite', async () => {
    const list = await practice.client.get('/api/practice/professionals');
    expect(list.status).toBe(200);
    expect(list.body.professionals).toEqual([
      expect.objectContaining({
        id: alice.professionalId,
        name: 'Alice Test',
        position: 'Hygienist',
        favourite: false,
        // Booked on a shift still to come: listed, but not yet a shift worked.
        shiftsWorked: 0,
      }),
    ]);
    const marked = await practice.client.put(`/api/practice/favourites/${alice.professionalId}`);
    expect(marked.status).toBe(200);
    expect(marked.body.favourite).toBe(true);
    const again = await practice.client.put(`/api/practice/favourites/${alice.professionalId}`);
    expect(again.body.favourite).toBe(true);
    const unmarked = await practice.client.delete(
      `/api/practice/favourites/${alice.professionalId}`,
    );
    expect(unmarked.body.favourite).toBe(false);
  });

  it('counts only shifts worked: ended or completed, not future, cancelled nor no-show', async () => {
    const own = await signedInPractice(server, { practiceName: 'Counting Dental' });
    const bob = await nearbyHygienist('Bob');
    const bookingIds = [];
    for (let i = 0; i < 5; i += 1) bookingIds.push(await workedWith(own, bob));
    const shiftsWorked = async () =>
      (await own.client.get('/api/practice/professionals')).body.professionals.find(
        (p: { id: string }) => p.id === bob.professionalId,
      ).shiftsWorked;
    // Five bookings, all on shifts still to come.
    expect(await shiftsWorked()).toBe(0);

    const [ended, completed, noShow, cancelled] = bookingIds;
    const db = server.services.db;
    const shiftOf = async (bookingId: string) =>
      (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.shiftId;
    const past = async (bookingId: string, daysAgo: number) =>
      db
        .update(shifts)
        .set({
          startsAt: new Date(Date.now() - daysAgo * 24 * HOUR),
          endsAt: new Date(Date.now() - daysAgo * 24 * HOUR + 8 * HOUR),
        })
        .where(eq(shifts.id, await shiftOf(bookingId)));
    for (const [index, id] of [ended, completed, noShow, cancelled].entries()) {
      await past(id!, index + 2);
    }
    await db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, completed!));
    await db.update(bookings).set({ status: 'no_show' }).where(eq(bookings.id, noShow!));
    await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled!));
    // The ended one (hours not yet approved) and the completed one; the fifth is still to come.
    expect(await shiftsWorked()).toBe(2);
  });

  it('refuses a professional it never booked, and changes nothing', async () => {
    const res = await practice.client.put(`/api/practice/favourites/${stranger.professionalId}`);
    expect(res.status).toBe(404);
    const unknown = await practice.client.put(`/api/practice/favourites/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    const list = await practice.client.get('/api/practice/professionals');
    expect(list.body.professionals.map((p: { id: string }) => p.id)).toEqual([
      alice.professionalId,
    ]);
  });

  it('forgets a favourite the practice blocks, and lists it no more', async () => {
    const bob = await nearbyHygienist('Bob');
    await workedWith(practice, bob);
    await practice.client.put(`/api/practice/favourites/${bob.professionalId}`);
    expect((await practice.client.put(`/api/practice/blocks/${bob.professionalId}`)).status).toBe(
      204,
    );
    const list = await practice.client.get('/api/practice/professionals');
    expect(list.body.professionals.map((p: { id: string }) => p.id)).not.toContain(
      bob.professionalId,
    );
    const again = await practice.client.put(`/api/practice/favourites/${bob.professionalId}`);
    expect(again.status).toBe(404);
  });
});

describe('a shift offered to favourites first', () => {
  let practice: SignedInPractice;
  let fav: ProfessionalUser;
  let other: ProfessionalUser;
  let shiftId: string;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'First Choice Dental' });
    fav = await nearbyHygienist('Fiona');
    other = await nearbyHygienist('Oscar');
    await workedWith(practice, fav);
    await practice.client.put(`/api/practice/favourites/${fav.professionalId}`);
    shiftId = await postOne(practice, { favouritesFirstHours: 2, bookingMode: 'instant' });
  });

  it('is refused to a practice without favourites, or when the time would reach the start', async () => {
    const lonely = await signedInPractice(server, { practiceName: 'Lonely Dental' });
    const none = await post(lonely, { favouritesFirstHours: 2 });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(postingTexts.favouritesFirstNeedsFavourites);
    const tooLong = await post(practice, { favouritesFirstHours: 24 }, [0]);
    expect(tooLong.status).toBe(400);
    const bad = await post(practice, { favouritesFirstHours: 25 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(postingTexts.favouritesFirstInvalid);
  });

  it('reaches the favourite at once: on their board and told', async () => {
    const item = await boardItem(fav, shiftId);
    expect(item).toBeTruthy();
    expect(item.offer.favouritesFirstUntil).not.toBeNull();
    const told = await bellEntries(server, fav.userId, 'new_matching_shifts');
    expect(told.map((n) => n.title)).toContain('First Choice Dental offers you a shift first');
  });

  it('is unknown to everyone else until the time is over: not listed, not booked, not in the digest', async () => {
    expect(await boardItem(other, shiftId)).toBeUndefined();
    const unknown = await other.client.post(`/api/professional/shifts/${randomUUID()}/book`);
    const book = await other.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(book.status).toBe(404);
    expect(book.body).toEqual(unknown.body);
    await matchingShiftsDigestJob.run(server.services, new Date());
    const told = await server.services.db
      .select()
      .from(matchNotices)
      .where(
        and(
          eq(matchNotices.shiftId, shiftId),
          eq(matchNotices.professionalId, other.professionalId),
        ),
      );
    expect(told).toEqual([]);
  });

  it('reaches everyone when the time is over, and they are told once', async () => {
    const later = new Date(Date.now() + 2 * HOUR + 60_000);
    const first = await backfillJob.run(server.services, later);
    expect(first.releasedShifts).toBeGreaterThanOrEqual(1);
    expect(await boardItem(other, shiftId)).toBeTruthy();
    const told = await bellEntries(server, other.userId, 'new_matching_shifts');
    // It was never open to them: told as a new shift, not "open again".
    expect(told.filter((n) => n.title.includes('is open again'))).toHaveLength(0);
    const released = told.filter((n) => n.title === 'A new Hygienist shift matches your profile');
    expect(released).toHaveLength(1);
    expect(released[0]!.body).toContain('First Choice Dental posted a Hygienist shift on ');
    expect(released[0]!.body).toContain('it is now open to every professional');
    expect(released[0]!.body).not.toContain('again');
    await backfillJob.run(server.services, later);
    const again = await bellEntries(server, other.userId, 'new_matching_shifts');
    expect(again).toHaveLength(told.length);
    const booked = await other.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(booked.status).toBe(201);
  });
});

describe('instant booking limited to favourites or a minimum rating', () => {
  let practice: SignedInPractice;
  let fav: ProfessionalUser;
  let other: ProfessionalUser;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'Select Smiles' });
    fav = await nearbyHygienist('Fay');
    other = await nearbyHygienist('Olga');
    await workedWith(practice, fav);
    await practice.client.put(`/api/practice/favourites/${fav.professionalId}`);
  });

  it('lets a favourite book at once, and everyone else apply', async () => {
    const shiftId = await postOne(practice, {
      bookingMode: 'instant',
      instantBookFor: 'favourites',
    });
    const item = await boardItem(other, shiftId);
    expect(item.bookingMode).toBe('review');
    expect(item.offer.instantBookLimit).toEqual({ audience: 'favourites', minRatingTenths: null });
    expect((await boardItem(fav, shiftId)).bookingMode).toBe('instant');

    const refused = await other.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(refused.status).toBe(409);
    // Why it is refused: instant booking is kept for the practice's favourites; apply instead.
    expect(refused.body.error.message).toBe(postingTexts.instantKeptFor.favourites);
    expect(refused.body.error.message).not.toBe(bookingMessages.useApply);
    const applied = await other.client.post(`/api/professional/shifts/${shiftId}/apply`, {
      note: 'Happy to help',
    });
    expect(applied.status).toBe(201);
    const favApply = await fav.client.post(`/api/professional/shifts/${shiftId}/apply`, {
      note: '',
    });
    expect(favApply.status).toBe(409);
    const booked = await fav.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(booked.status).toBe(201);
    const [application] = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.shiftId, shiftId));
    expect(application!.status).toBe('declined');
  });

  it('lets a professional rated at or above the minimum book at once', async () => {
    const bookingId = await workedWith(practice, other);
    const [booking] = await server.services.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    await server.services.db.insert(ratings).values({
      bookingId,
      shiftId: booking!.shiftId,
      practiceId: practice.practiceId,
      professionalId: other.professionalId,
      raterSide: 'practice',
      stars: 5,
    });
    const shiftId = await postOne(practice, {
      bookingMode: 'instant',
      instantBookFor: 'min_rating',
      instantBookMinRating: 45,
    });
    expect((await boardItem(fav, shiftId)).bookingMode).toBe('review');
    expect((await boardItem(other, shiftId)).bookingMode).toBe('instant');
    const refused = await fav.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(postingTexts.instantKeptFor.min_rating(45));
    expect(refused.body.error.message).toContain('rated 4.5 stars and up');
    expect((await other.client.post(`/api/professional/shifts/${shiftId}/book`)).status).toBe(201);
  });

  it('refuses a minimum rating that is not offered', async () => {
    const res = await post(practice, {
      bookingMode: 'instant',
      instantBookFor: 'min_rating',
      instantBookMinRating: 7,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(postingTexts.minRatingRequired);
  });
});

describe('invitations', () => {
  let practice: SignedInPractice;
  let ivy: ProfessionalUser;
  let stranger: ProfessionalUser;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'Invite Dental' });
    ivy = await nearbyHygienist('Ivy');
    stranger = await nearbyHygienist('Sam');
    await workedWith(practice, ivy);
  });

  it('invites someone it worked with, who is told and accepts into a booking', async () => {
    const shiftId = await postOne(practice);
    const refused = await practice.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: stranger.professionalId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(invitationTexts.notInvitable);

    const sent = await practice.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: ivy.professionalId,
      message: 'We loved working with you',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.invitations).toEqual([
      expect.objectContaining({ professionalId: ivy.professionalId, status: 'pending' }),
    ]);
    const twice = await practice.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: ivy.professionalId,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(invitationTexts.alreadyInvited);

    const told = await bellEntries(server, ivy.userId, 'shift_invitation');
    expect(told.map((n) => n.title)).toContain('Invite Dental invites you to a shift');
    const mine = await ivy.client.get('/api/professional/invitations');
    expect(mine.body.invitations).toEqual([
      expect.objectContaining({ status: 'pending', message: 'We loved working with you' }),
    ]);
    const strangerSees = await stranger.client.post(
      `/api/professional/invitations/${mine.body.invitations[0].id}/accept`,
    );
    expect(strangerSees.status).toBe(404);

    const accepted = await ivy.client.post(
      `/api/professional/invitations/${mine.body.invitations[0].id}/accept`,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const [shift] = await server.services.db.select().from(shifts).where(eq(shifts.id, shiftId));
    expect(shift!.status).toBe('filled');
    const again = await ivy.client.post(
      `/api/professional/invitations/${mine.body.invitations[0].id}/accept`,
    );
    expect(again.status).toBe(409);
  });

  it('tells the practice of a decline, and a withdrawn invitation cannot be answered', async () => {
    const shiftId = await postOne(practice);
    await practice.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: ivy.professionalId,
    });
    const pending = (await ivy.client.get('/api/professional/invitations')).body.invitations.find(
      (invitation: { status: string }) => invitation.status === 'pending',
    );
    const declined = await ivy.client.post(`/api/professional/invitations/${pending.id}/decline`);
    expect(declined.status).toBe(200);
    const told = await bellEntries(server, practice.userId, 'shift_invitation');
    expect(told.map((n) => n.title)).toContain('Ivy Test declined your invitation');

    const otherShift = await postOne(practice);
    const sent = await practice.client.post(`/api/practice/shifts/${otherShift}/invitations`, {
      professionalId: ivy.professionalId,
    });
    const withdrawn = await practice.client.post(
      `/api/practice/invitations/${sent.body.invitations[0].id}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.invitations[0].status).toBe('withdrawn');
    const late = await ivy.client.post(
      `/api/professional/invitations/${sent.body.invitations[0].id}/accept`,
    );
    expect(late.status).toBe(409);
  });

  it('stops a practice sending more than its hourly invitations (429), sending nothing', async () => {
    const shiftId = await postOne(practice);
    // The earlier invitations of this practice count too: its window is filled up.
    await server.services.db
      .insert(rateLimits)
      .values({
        key: invitationLimitKey(practice.practiceId),
        count: INVITATIONS_PER_HOUR,
        windowStartedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: INVITATIONS_PER_HOUR, windowStartedAt: new Date() },
      });
    const res = await practice.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: ivy.professionalId,
    });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(invitationTexts.tooMany);
    const list = await practice.client.get(`/api/practice/shifts/${shiftId}/invitations`);
    expect(list.body.invitations).toEqual([]);
    await server.services.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, invitationLimitKey(practice.practiceId)));
  });

  it('keeps one practice out of another’s invitations', async () => {
    const shiftId = await postOne(practice);
    const other = await signedInPractice(server, { practiceName: 'Nosy Dental' });
    const list = await other.client.get(`/api/practice/shifts/${shiftId}/invitations`);
    expect(list.status).toBe(404);
    const invite = await other.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
      professionalId: ivy.professionalId,
    });
    expect(invite.status).toBe(404);
  });
});

describe('backfill after a cancellation', () => {
  it('tells favourites, earlier applicants and the rest within a run, not the one who cancelled, once', async () => {
    const practice = await signedInPractice(server, { practiceName: 'Backfill Dental' });
    const leaver = await nearbyHygienist('Leo');
    const fav = await professionalUser(server, { firstName: 'Farah', lastName: 'Far' });
    const near = await nearbyHygienist('Nina');
    await workedWith(practice, fav);
    await practice.client.put(`/api/practice/favourites/${fav.professionalId}`);
    const shiftId = await postOne(practice, { bookingMode: 'instant' });
    const booked = await leaver.client.post(`/api/professional/shifts/${shiftId}/book`);
    expect(booked.status).toBe(201);
    const before = (await bellEntries(server, near.userId, 'new_matching_shifts')).length;

    const cancelled = await leaver.client.post(
      `/api/professional/bookings/${booked.body.id}/cancel`,
      { reason: 'Family matter' },
    );
    expect(cancelled.status).toBe(200);
    const queued = await server.services.db
      .select()
      .from(shiftBackfills)
      .where(eq(shiftBackfills.shiftId, shiftId));
    expect(queued).toHaveLength(1);

    const result = await backfillJob.run(server.services, new Date());
    expect(result.told).toBeGreaterThanOrEqual(2);
    const title = (n: { title: string }) => n.title.includes('is open again');
    expect(
      (await bellEntries(server, fav.userId, 'new_matching_shifts')).filter(title),
    ).toHaveLength(1);
    expect((await bellEntries(server, near.userId, 'new_matching_shifts')).length).toBeGreaterThan(
      before,
    );
    expect((await bellEntries(server, leaver.userId, 'new_matching_shifts')).filter(title)).toEqual(
      [],
    );
    const second = await backfillJob.run(server.services, new Date());
    expect(second.told).toBe(0);
    expect(
      (await bellEntries(server, fav.userId, 'new_matching_shifts')).filter(title),
    ).toHaveLength(1);
  });

  it('works through waiting backfills one transaction each, resting between them', async () => {
    const practice = await signedInPractice(server, { practiceName: 'Paced Dental' });
    await nearbyHygienist('Pia');
    const shiftIds = [await postOne(practice), await postOne(practice)];
    const now = new Date();
    await server.services.db
      .insert(shiftBackfills)
      .values(shiftIds.map((shiftId) => ({ shiftId, createdAt: now })));
    const recording = recordingDatabase(server);
    const result = await backfillJob.run({ ...server.services, db: recording.db }, now);
    expect(result.backfills).toBeGreaterThanOrEqual(2);
    const told = await server.services.db
      .select()
      .from(shiftBackfills)
      .where(inArray(shiftBackfills.shiftId, shiftIds));
    expect(told.map((backfill) => backfill.toldAt)).toEqual([now, now]);
    // Each taken on its own (skip locked, one row), then one finding none left.
    const claims = recording.statements.filter(
      (statement) =>
        statement.includes('from "shift_backfills"') && statement.includes('skip locked'),
    );
    expect(claims).toHaveLength(result.backfills! + 1);
  });
});

describe('block booking', () => {
  let practice: SignedInPractice;
  let alice: ProfessionalUser;
  let bob: ProfessionalUser;

  beforeAll(async () => {
    practice = await signedInPractice(server, { practiceName: 'Block Dental' });
    alice = await nearbyHygienist('Alma');
    bob = await nearbyHygienist('Boris');
  });

  it('refuses one professional for all dates with one date, or with instant booking', async () => {
    const one = await post(practice, { wholeBlock: true });
    expect(one.status).toBe(400);
    expect(one.body.error.message).toBe(postingTexts.wholeBlockNeedsDates);
    const instant = await post(practice, { wholeBlock: true, bookingMode: 'instant' }, [3, 4]);
    expect(instant.status).toBe(400);
    expect(instant.body.error.message).toBe(postingTexts.wholeBlockNeedsReview);
  });

  it('takes one application for every date, accepts the block and cancels one date alone', async () => {
    const res = await post(practice, { wholeBlock: true }, [5, 6, 7]);
    expect(res.status).toBe(201);
    const ids = res.body.shifts.map((shift: { id: string }) => shift.id) as string[];
    expect(res.body.shifts[0].offer.wholeBlock).toBe(true);
    const item = await boardItem(alice, ids[1]!);
    expect(item.offer.block.dates).toHaveLength(3);

    const applied = await alice.client.post(`/api/professional/shifts/${ids[1]}/apply`, {
      note: 'All three',
    });
    expect(applied.status).toBe(201);
    await bob.client.post(`/api/professional/shifts/${ids[0]}/apply`, { note: '' });
    const applications = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.professionalId, alice.professionalId));
    expect(applications.map((a) => a.shiftId).sort()).toEqual([...ids].sort());

    const aliceOnFirst = applications.find((a) => a.shiftId === ids[0])!;
    const accepted = await practice.client.post(
      `/api/practice/applications/${aliceOnFirst.id}/accept`,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const live = await server.services.db
      .select()
      .from(bookings)
      .where(
        and(eq(bookings.professionalId, alice.professionalId), eq(bookings.status, 'confirmed')),
      );
    expect(live.map((b) => b.shiftId).sort()).toEqual([...ids].sort());
    const bobs = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.professionalId, bob.professionalId));
    expect(bobs.every((a) => a.status === 'declined')).toBe(true);

    const middle = live.find((b) => b.shiftId === ids[1])!;
    const cancelled = await alice.client.post(`/api/professional/bookings/${middle.id}/cancel`, {
      reason: 'A course that day',
    });
    expect(cancelled.status).toBe(200);
    const [first] = await server.services.db.select().from(shifts).where(eq(shifts.id, ids[0]!));
    const rows = await server.services.db
      .select()
      .from(shifts)
      .where(eq(shifts.postingId, first!.postingId!));
    expect(rows.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [ids[0], 'filled'],
        [ids[1], 'open'],
        [ids[2], 'filled'],
      ].sort(),
    );
  });

  it('withdraws the whole block at once, and the Applications list names its dates first', async () => {
    const res = await post(practice, { wholeBlock: true }, [9, 10]);
    const ids = res.body.shifts.map((shift: { id: string }) => shift.id) as string[];
    const applied = await bob.client.post(`/api/professional/shifts/${ids[0]}/apply`, { note: '' });
    // Each date's application says which dates withdrawing it withdraws (both, in date order).
    const listed = (await bob.client.get('/api/professional/applications')).body.applications as {
      id: string;
      shift: { id: string; startTime: string; endTime: string };
      blockDates: { startTime: string; endTime: string }[] | null;
    }[];
    const ofBlock = listed.filter((a) => ids.includes(a.shift.id));
    expect(ofBlock).toHaveLength(2);
    const dates = ids.map((id) => {
      const { startTime, endTime } = ofBlock.find((a) => a.shift.id === id)!.shift;
      return { startTime, endTime };
    });
    for (const application of ofBlock) expect(application.blockDates).toEqual(dates);
    // A single date's application names none.
    const single = await postOne(practice);
    await bob.client.post(`/api/professional/shifts/${single}/apply`, { note: '' });
    const alone = (await bob.client.get('/api/professional/applications')).body.applications.find(
      (a: { shift: { id: string } }) => a.shift.id === single,
    );
    expect(alone.blockDates).toBeNull();
    const withdrawn = await bob.client.post(
      `/api/professional/applications/${applied.body.id}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    const rows = await server.services.db
      .select()
      .from(shiftApplications)
      .where(eq(shiftApplications.professionalId, bob.professionalId));
    expect(rows.filter((a) => ids.includes(a.shiftId)).map((a) => a.status)).toEqual([
      'withdrawn',
      'withdrawn',
    ]);
    const after = (await bob.client.get('/api/professional/applications')).body.applications;
    for (const application of after.filter((a: { shift: { id: string } }) =>
      ids.includes(a.shift.id),
    )) {
      expect(application).toMatchObject({ status: 'withdrawn', blockDates: null });
    }
  });
});

describe('posting choices that make no sense', () => {
  it('are refused with a clear message, and nothing is posted', async () => {
    const practice = await signedInPractice(server, { practiceName: 'Careful Dental' });
    const before = await server.services.db
      .select()
      .from(shifts)
      .where(eq(shifts.practiceId, practice.practiceId));
    for (const [choices, message] of [
      [{ wholeBlock: 'yes' }, postingTexts.wholeBlockInvalid],
      [{ favouritesFirstHours: 'soon' }, postingTexts.favouritesFirstInvalid],
      [{ favouritesFirstHours: 1.5 }, postingTexts.favouritesFirstInvalid],
      [{ favouritesFirstHours: -2 }, postingTexts.favouritesFirstInvalid],
      [{ instantBookFor: 'friends', bookingMode: 'instant' }, postingTexts.instantBookForInvalid],
    ] as const) {
      const res = await post(practice, choices, [3, 4]);
      expect(res.status, JSON.stringify(choices)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const after = await server.services.db
      .select()
      .from(shifts)
      .where(eq(shifts.practiceId, practice.practiceId));
    expect(after).toHaveLength(before.length);
  });
});
