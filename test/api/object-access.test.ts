import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, practices } from '../../src/server/db/schema';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import {
  createAccessWorld,
  databaseDigest,
  startAccessServer,
  type AccessServer,
  type AccessWorld,
} from '../support/access-world';
import {
  postShift,
  professionalUser,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { fileForm, PDF_BYTES } from '../support/sample-files';
import type { ApiClient, ApiResult } from '../support/test-server';

/**
 * Object-level access: the ids of practice A's shifts, locations, applications, notifications,
 * files and calendar feeds (and of A's hygienist Alice's applications and bookings) give nobody
 * else anything, whether copied from a legitimate response of their owner or guessed. The code's
 * convention: someone else's row is a 404 exactly like a row that does not exist (no way to tell
 * them apart); a stored file is the one exception, 403 for someone else's and 404 for none, its
 * id being a random UUID handed only to those who may open it.
 */

let server: AccessServer;
let world: AccessWorld;
let bob: ProfessionalUser;

/** What A and Alice see of their own things, as their own responses give it. */
const copied = {
  shiftId: '',
  completedShiftId: '',
  applicantsShiftId: '',
  locationId: '',
  applicationId: '',
  notificationId: '',
  photoUrl: '',
  resumeUrl: '',
  aliceApplicationId: '',
  aliceBookingId: '',
  aliceCompletedBookingId: '',
  aliceNotificationId: '',
  aFeedToken: '',
  aliceFeedToken: '',
};

function lastSegment(url: string): string {
  return url.split('/').pop()!;
}

/** The secret token of a feed address `<PUBLIC_URL>/calendar/<token>.ics`. */
function feedToken(url: string): string {
  const match = /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url);
  if (!match) throw new Error(`not a feed address: ${url}`);
  return match[1]!;
}

beforeAll(async () => {
  server = await startAccessServer();
  world = await createAccessWorld(server);
  bob = await professionalUser(server, { firstName: 'Bob', lastName: 'Chen' });
  const { fresh, practiceA, hygienist: alice } = world;

  const openShiftId = await fresh.shift();
  const locationId = await fresh.location();
  const completed = await fresh.completedBooking();
  await fresh.booking();
  // A declines one of Alice's applications: an entry in Alice's bell.
  const declined = await fresh.application();
  await practiceA.client.post(`/api/practice/applications/${declined.applicationId}/decline`);
  await alice.client.raw(
    'POST',
    '/api/professional/resume',
    fileForm(PDF_BYTES, 'alice-moreno-cv.pdf', 'application/pdf'),
  );
  // Alice's photo, and a pending application of hers on a new shift of A.
  const photo = await fresh.photo();

  // Everything below is read from A's and Alice's own responses.
  const shifts = (await practiceA.client.get('/api/practice/shifts')).body.shifts;
  copied.shiftId = shifts.find((s: { id: string }) => s.id === openShiftId).id;
  copied.completedShiftId = shifts.find((s: { id: string }) => s.id === completed.shiftId).id;
  const locations = (await practiceA.client.get('/api/practice/locations')).body.locations;
  copied.locationId = locations.find((l: { id: string }) => l.id === locationId).id;
  copied.applicantsShiftId = photo.shiftId;
  const [applicant] = (
    await practiceA.client.get(`/api/practice/shifts/${photo.shiftId}/applicants`)
  ).body.applicants;
  copied.applicationId = applicant.applicationId;
  copied.photoUrl = applicant.photoUrl;
  copied.resumeUrl = applicant.resumeUrl;
  copied.notificationId = (
    await practiceA.client.get('/api/notifications')
  ).body.notifications[0].id;
  copied.aFeedToken = feedToken((await practiceA.client.get('/api/calendar-feed')).body.url);

  const applications = (await alice.client.get('/api/professional/applications')).body.applications;
  copied.aliceApplicationId = applications.find(
    (a: { status: string; shift: { id: string } }) =>
      a.status === 'pending' && a.shift.id === photo.shiftId,
  ).id;
  const bookings = (await alice.client.get('/api/professional/bookings')).body.bookings;
  copied.aliceBookingId = bookings.find((b: { status: string }) => b.status === 'confirmed').id;
  copied.aliceCompletedBookingId = bookings.find(
    (b: { status: string }) => b.status === 'completed',
  ).id;
  copied.aliceNotificationId = (
    await alice.client.get('/api/notifications')
  ).body.notifications[0].id;
  copied.aliceFeedToken = feedToken((await alice.client.get('/api/calendar-feed')).body.url);
  for (const [name, value] of Object.entries(copied)) {
    if (!value) throw new Error(`no ${name} in the owners' responses`);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Send = (client: ApiClient, id: string) => Promise<ApiResult>;

/** Routes that take one of A's ids, as practice B would call them. */
const practiceIdRoutes: Array<{ name: string; id: () => string; send: Send }> = [
  {
    name: 'PATCH /api/practice/shifts/:id',
    id: () => copied.shiftId,
    send: (c, id) =>
      c.patch(`/api/practice/shifts/${id}`, { startTime: '09:00', endTime: '15:00', rate: 60 }),
  },
  {
    name: 'POST /api/practice/shifts/:id/cancel',
    id: () => copied.shiftId,
    send: (c, id) => c.post(`/api/practice/shifts/${id}/cancel`, { reason: 'Closed' }),
  },
  {
    name: 'GET /api/practice/shifts/:shiftId/applicants',
    id: () => copied.applicantsShiftId,
    send: (c, id) => c.get(`/api/practice/shifts/${id}/applicants`),
  },
  {
    name: 'POST /api/practice/shifts/:shiftId/rating',
    id: () => copied.completedShiftId,
    send: (c, id) => c.post(`/api/practice/shifts/${id}/rating`, { stars: 1 }),
  },
  {
    name: 'PUT /api/practice/locations/:id',
    id: () => copied.locationId,
    send: (c, id) =>
      c.put(`/api/practice/locations/${id}`, {
        name: 'Taken over',
        address: '5 Broad Street',
        city: 'Red Bank',
        state: 'NJ',
        zipCode: '07701',
        phone: '732-555-0150',
        email: 'x@example.com',
        pointOfContact: 'X',
        dentalSoftware: 'Eaglesoft',
        operatoryCount: '6',
      }),
  },
  {
    name: 'POST /api/practice/locations/:id/make-main',
    id: () => copied.locationId,
    send: (c, id) => c.post(`/api/practice/locations/${id}/make-main`),
  },
  {
    name: 'DELETE /api/practice/locations/:id',
    id: () => copied.locationId,
    send: (c, id) => c.delete(`/api/practice/locations/${id}`),
  },
  {
    name: 'POST /api/practice/applications/:id/accept',
    id: () => copied.applicationId,
    send: (c, id) => c.post(`/api/practice/applications/${id}/accept`),
  },
  {
    name: 'POST /api/practice/applications/:id/decline',
    id: () => copied.applicationId,
    send: (c, id) => c.post(`/api/practice/applications/${id}/decline`),
  },
  {
    name: 'POST /api/notifications/:id/read',
    id: () => copied.notificationId,
    send: (c, id) => c.post(`/api/notifications/${id}/read`),
  },
];

/** Routes that take one of Alice's ids, as Bob (another verified hygienist) would call them. */
const professionalIdRoutes: Array<{ name: string; id: () => string; send: Send }> = [
  {
    name: 'POST /api/professional/applications/:id/withdraw',
    id: () => copied.aliceApplicationId,
    send: (c, id) => c.post(`/api/professional/applications/${id}/withdraw`),
  },
  {
    name: 'POST /api/professional/bookings/:id/cancel',
    id: () => copied.aliceBookingId,
    send: (c, id) => c.post(`/api/professional/bookings/${id}/cancel`, { reason: 'Not me' }),
  },
  {
    name: 'POST /api/professional/bookings/:id/rating',
    id: () => copied.aliceCompletedBookingId,
    send: (c, id) => c.post(`/api/professional/bookings/${id}/rating`, { stars: 1 }),
  },
  {
    name: 'POST /api/notifications/:id/read',
    id: () => copied.aliceNotificationId,
    send: (c, id) => c.post(`/api/notifications/${id}/read`),
  },
];

/** Ids nobody was given: random, sequential-looking, near misses of real ones, and junk. */
function guessesNear(realId: string): string[] {
  const last = realId.at(-1)!;
  const nextHex = ((parseInt(last, 16) + 1) % 16).toString(16);
  return [
    randomUUID(),
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-0000-0000-000000000001',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    `${realId.slice(0, -1)}${nextHex}`,
    realId.toUpperCase(),
    '1',
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    "1' or '1'='1",
    encodeURIComponent(`${realId}' or 1=1 --`),
    `${realId}%00`,
    '%2e%2e%2f%2e%2e%2fusers',
    '%E0%A4%A', // a broken percent-encoding
    '%zz',
    '%F0%9F%A6%B7', // a tooth
    'x'.repeat(300),
  ];
}

function privateTextIn(res: ApiResult): string[] {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  return world.privateMarkers.filter((marker) => text.includes(marker));
}

function ownersIdsIn(res: ApiResult): string[] {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  const ids = [
    copied.shiftId,
    copied.completedShiftId,
    copied.applicantsShiftId,
    copied.locationId,
    copied.applicationId,
    copied.notificationId,
    copied.aliceBookingId,
    copied.aliceCompletedBookingId,
    copied.aliceNotificationId,
    lastSegment(copied.photoUrl),
    lastSegment(copied.resumeUrl),
    copied.aFeedToken,
    copied.aliceFeedToken,
  ];
  return ids.filter((id) => text.includes(id));
}

async function expectSameAsUnknown(
  client: ApiClient,
  route: { name: string; id: () => string; send: Send },
  id: string,
  how: string,
) {
  const unknown = await route.send(client, randomUUID());
  const before = await databaseDigest(server);
  const res = await route.send(client, id);
  const label = `${route.name} with ${how} ${id.slice(0, 60)}`;
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body, `${label} answers unlike an unknown id`).toEqual(unknown.body);
  expect(privateTextIn(res), label).toEqual([]);
  expect(await databaseDigest(server), `${label} changed stored data`).toEqual(before);
}

describe('ids copied from the owner’s own responses', () => {
  it('give practice B none of A’s shifts, locations, applications or notifications', async () => {
    for (const route of practiceIdRoutes) {
      await expectSameAsUnknown(world.practiceB.client, route, route.id(), 'A’s id');
    }
  });

  it('give Bob none of Alice’s applications, bookings or notifications', async () => {
    for (const route of professionalIdRoutes) {
      await expectSameAsUnknown(bob.client, route, route.id(), 'Alice’s id');
    }
  });

  it('do not let B post a shift at A’s location: the same answer as an unknown location', async () => {
    const body = (locationId: string) => ({
      position: 'Hygienist',
      dates: [practiceDateFromToday(45)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '55.50',
      locationId,
      breakMinutes: 30,
      timePerPatient: 45,
      notes: '',
    });
    const unknown = await world.practiceB.client.post('/api/practice/shifts', body(randomUUID()));
    const before = await databaseDigest(server);
    const res = await world.practiceB.client.post('/api/practice/shifts', body(copied.locationId));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(unknown.body);
    expect(await databaseDigest(server)).toEqual(before);
  });

  it('leave the owner’s rows as they were (A’s notification still unread)', async () => {
    const [row] = await server.services.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, copied.notificationId));
    expect(row!.readAt).toBeNull();
  });

  it('still work for their owner, in any letter case', async () => {
    const res = await world.practiceA.client.get(
      `/api/practice/shifts/${copied.applicantsShiftId.toUpperCase()}/applicants`,
    );
    expect(res.status).toBe(200);
  });
});

describe('guessed ids', () => {
  it('are all unknown to B, to Bob and to the owner alike, never a server error', async () => {
    let tried = 0;
    type Guesses = { client: ApiClient; route: (typeof practiceIdRoutes)[number]; ids: string[] };
    const plan: Guesses[] = [
      ...practiceIdRoutes.map((route) => ({
        client: world.practiceB.client,
        route,
        ids: guessesNear(route.id()),
      })),
      ...professionalIdRoutes.map((route) => ({
        client: bob.client,
        route,
        ids: guessesNear(route.id()),
      })),
      // The owner guessing around their own ids reaches no neighbour's row either.
      ...practiceIdRoutes.map((route) => ({
        client: world.practiceA.client,
        route,
        ids: guessesNear(route.id()).filter((id) => id.toLowerCase() !== route.id()),
      })),
    ];
    const before = await databaseDigest(server);
    for (const { client, route, ids } of plan) {
      for (const id of ids) {
        const res = await route.send(client, id);
        const label = `${route.name} with ${id.slice(0, 60)}`;
        expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(privateTextIn(res), label).toEqual([]);
        tried++;
      }
    }
    expect(await databaseDigest(server)).toEqual(before);
    expect(tried).toBeGreaterThan(300);
  });
});

describe('files (photo and resume)', () => {
  it('open for their owner, for A while the owner applies to A, for screening staff; no one else', async () => {
    const { callers } = world;
    for (const url of [copied.photoUrl, copied.resumeUrl]) {
      expect((await callers.hygienist.client.get(url)).status).toBe(200);
      expect((await callers.practiceA.client.get(url)).status).toBe(200);
      expect((await callers.admin.client.get(url)).status).toBe(200);
      expect((await callers.signedOut.client.get(url)).status).toBe(401);
      for (const client of [
        callers.practiceB.client,
        bob.client,
        callers.assistant.client,
        callers.pendingProfessional.client,
      ]) {
        const res = await client.get(url);
        expect(res.status, url).toBe(403);
        expect(res.body).toEqual({
          error: { code: 'forbidden', message: expect.any(String) },
        });
        expect(res.headers.get('content-disposition')).toBeNull();
        expect(privateTextIn(res)).toEqual([]);
      }
    }
  });

  it('answer 404 to every guessed id, signed in or not', async () => {
    const real = lastSegment(copied.photoUrl);
    for (const guess of guessesNear(real)) {
      if (guess.toLowerCase() === real) continue;
      const res = await world.practiceB.client.get(`/api/files/${guess}`);
      expect(res.status, guess).toBe(404);
      expect(privateTextIn(res)).toEqual([]);
    }
  });

  it('close to A once the application is no longer pending', async () => {
    const res = await world.hygienist.client.post(
      `/api/professional/applications/${copied.aliceApplicationId}/withdraw`,
    );
    expect(res.status).toBe(200);
    for (const url of [copied.photoUrl, copied.resumeUrl]) {
      expect((await world.practiceA.client.get(url)).status).toBe(403);
      expect((await world.hygienist.client.get(url)).status).toBe(200);
    }
  });
});

describe('lists show only the caller’s own rows', () => {
  it('B’s and Bob’s pages carry none of A’s or Alice’s ids or details', async () => {
    await postShift(server, world.practiceB.practiceId, { daysAhead: 3 });
    const reads: Array<[string, ApiClient, string]> = [
      ['B', world.practiceB.client, '/api/practice'],
      ['B', world.practiceB.client, '/api/practice/dashboard'],
      ['B', world.practiceB.client, '/api/practice/shifts'],
      ['B', world.practiceB.client, '/api/practice/locations'],
      ['B', world.practiceB.client, '/api/practice/billing'],
      ['B', world.practiceB.client, '/api/notifications'],
      ['B', world.practiceB.client, '/api/calendar-feed'],
      ['B', world.practiceB.client, '/api/account/sessions'],
      ['Bob', bob.client, '/api/professional/profile'],
      ['Bob', bob.client, '/api/professional/dashboard'],
      ['Bob', bob.client, '/api/professional/shifts'],
      ['Bob', bob.client, '/api/professional/applications'],
      ['Bob', bob.client, '/api/professional/bookings'],
      ['Bob', bob.client, '/api/notifications'],
      ['Bob', bob.client, '/api/account/sessions'],
    ];
    for (const [who, client, path] of reads) {
      const res = await client.get(path);
      expect(res.status, `${who} ${path}`).toBe(200);
      expect(ownersIdsIn(res), `${who} ${path}`).toEqual([]);
      expect(privateTextIn(res), `${who} ${path}`).toEqual([]);
    }
    const bShifts = (await world.practiceB.client.get('/api/practice/shifts')).body.shifts;
    expect(bShifts.length).toBeGreaterThan(0);
  });

  it('the shift board shows professionals A’s open shifts but nothing about who applied or booked', async () => {
    const res = await bob.client.get('/api/professional/shift-board?maxDistance=100');
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    for (const secret of [
      copied.applicationId,
      copied.aliceBookingId,
      'Moreno',
      world.privateMarkers[0]!, // A's sign-in e-mail
      world.privateMarkers[1]!, // Alice's e-mail
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });
});

describe('calendar feeds', () => {
  it('a feed holds only its owner’s shifts', async () => {
    const aFeed = await server.client().get(`/calendar/${copied.aFeedToken}.ics`);
    expect(aFeed.status).toBe(200);
    const bToken = feedToken((await world.practiceB.client.get('/api/calendar-feed')).body.url);
    const bFeed = await server.client().get(`/calendar/${bToken}.ics`);
    expect(bFeed.status).toBe(200);
    expect(String(bFeed.body)).toContain('BEGIN:VCALENDAR');
    for (const id of [copied.shiftId, copied.completedShiftId, copied.applicantsShiftId]) {
      expect(String(bFeed.body)).not.toContain(id);
    }
    expect(String(bFeed.body)).not.toContain('Harbor Dental Care');

    const bobToken = feedToken((await bob.client.get('/api/calendar-feed')).body.url);
    const bobFeed = String((await server.client().get(`/calendar/${bobToken}.ics`)).body);
    expect(bobFeed).toContain('BEGIN:VCALENDAR');
    expect(bobFeed).not.toContain('Harbor Dental Care');
    const aliceFeed = String(
      (await server.client().get(`/calendar/${copied.aliceFeedToken}.ics`)).body,
    );
    expect(aliceFeed).toContain('Harbor Dental Care');
  });

  it('guessed, altered and replaced tokens answer 404 with no data', async () => {
    const token = copied.aFeedToken;
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const guesses = [
      randomBytes(32).toString('base64url'),
      `${token.slice(0, -1)}${flip(token.at(-1)!)}`,
      `${flip(token[0]!)}${token.slice(1)}`,
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      '',
      '1',
      '..%2f..%2fetc%2fpasswd',
      "x' or '1'='1",
    ];
    for (const guess of guesses) {
      const res = await server.client().get(`/calendar/${guess}.ics`);
      expect(res.status, guess).toBe(404);
      expect(String(JSON.stringify(res.body))).not.toContain('VCALENDAR');
    }
    const replaced = await world.practiceA.client.post('/api/calendar-feed/replace');
    expect(replaced.status).toBe(200);
    expect((await server.client().get(`/calendar/${token}.ics`)).status).toBe(404);
    const fresh = await server.client().get(`/calendar/${feedToken(replaced.body.url)}.ics`);
    expect(fresh.status).toBe(200);
  });
});

describe('ids of the wrong kind', () => {
  it('screening staff deciding on a practice’s or an unknown id get a 404 that changes nothing', async () => {
    const [practice] = await server.services.db
      .select({ id: practices.id, userId: practices.userId })
      .from(practices)
      .where(eq(practices.id, world.practiceA.practiceId));
    const before = await databaseDigest(server);
    for (const id of [practice!.id, practice!.userId, copied.shiftId, randomUUID(), 'not-an-id']) {
      const res = await world.callers.admin.client.post(
        `/api/admin/professionals/${id}/decisions`,
        { decision: 'verified' },
      );
      expect(res.status, id).toBe(404);
      expect(privateTextIn(res)).toEqual([]);
    }
    expect(await databaseDigest(server)).toEqual(before);
  });

  it('a professional cannot act on a practice’s ids, nor a practice on a professional’s', async () => {
    const before = await databaseDigest(server);
    const alice = world.hygienist.client;
    expect(
      (await alice.post(`/api/practice/applications/${copied.applicationId}/accept`)).status,
    ).toBe(403);
    expect((await alice.get(`/api/practice/shifts/${copied.shiftId}/applicants`)).status).toBe(403);
    expect(
      (
        await world.practiceA.client.post(
          `/api/professional/bookings/${copied.aliceBookingId}/cancel`,
          { reason: 'x' },
        )
      ).status,
    ).toBe(403);
    expect(await databaseDigest(server)).toEqual(before);
  });
});

describe('ids and ownership fields inside request bodies', () => {
  it('are ignored: nothing lands in A’s records, and a pending professional stays pending', async () => {
    const { practiceA, practiceB, callers } = world;
    const aBefore = await databaseDigest(server);
    const owners = {
      id: practiceA.practiceId,
      practiceId: practiceA.practiceId,
      userId: practiceA.userId,
      ownerUserId: practiceA.userId,
    };
    const office = (await practiceB.client.get('/api/practice')).body;
    const saved = await practiceB.client.put('/api/practice', {
      ...office,
      ...owners,
      maxRates: { hygienist: '', dentalAssistant: '', frontDesk: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const posted = await practiceB.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: [practiceDateFromToday(46)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '55.50',
      locationId: (await practiceB.client.get('/api/practice/locations')).body.locations[0].id,
      breakMinutes: 30,
      timePerPatient: 45,
      notes: '',
      ...owners,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const aShifts = (await practiceA.client.get('/api/practice/shifts')).body.shifts;
    expect(aShifts.map((s: { id: string }) => s.id)).not.toContain(posted.body.shifts[0].id);

    const pending = callers.pendingProfessional.client;
    const beforeProfile = await databaseDigest(server);
    const profile = await pending.put('/api/professional/profile', {
      employmentStatus: 'temp',
      status: 'verified',
      role: 'assistant',
      userId: practiceA.userId,
      id: randomUUID(),
    });
    // The profile refuses fields it does not know, naming them, and changes nothing.
    expect(profile.status, JSON.stringify(profile.body)).toBe(400);
    expect(profile.body.error.message).toContain('status');
    expect(await databaseDigest(server)).toEqual(beforeProfile);
    expect((await pending.get('/api/professional/profile')).body.status).toBe('pending');
    const session = (await pending.get('/api/session')).body.user;
    expect(session.accountType).toBe('hygienist');
    const shiftId = await world.fresh.shift('instant');
    expect((await pending.post(`/api/professional/shifts/${shiftId}/book`)).status).toBe(403);

    // A's own rows are as they were (B's and the pending professional's changed).
    const aAfter = await databaseDigest(server);
    for (const table of ['locations', 'stored_files', 'shift_applications', 'bookings']) {
      expect(aAfter[table], table).toEqual(aBefore[table]);
    }
    const [aPractice] = await server.services.db
      .select()
      .from(practices)
      .where(eq(practices.id, practiceA.practiceId));
    expect(aPractice!.practiceName).toBe('Harbor Dental Care');
  });
});
