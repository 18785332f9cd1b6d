import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { locations, professionals, reachQueue } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { loadEnv } from '../../src/server/env';
import { liveHubFor, MAX_STREAMS_PER_USER } from '../../src/server/live/live-hub';
import { startServer, type RunningServer } from '../../src/server/server';
import { keptAnswersFor } from '../../src/server/services/kept-answers';
import { serverForFile } from '../support/marketplace-fixtures';
import { openLive, type LiveReader } from '../support/live-stream';
import { runReachJob } from '../support/reach-job';
import {
  book,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { login } from '../support/professional-session';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createClient, type TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const open: LiveReader[] = [];
async function live(client: Parameters<typeof openLive>[1], baseUrl = server.url) {
  const reader = await openLive(baseUrl, client);
  open.push(reader);
  if (reader.status === 200) await reader.next('ready');
  return reader;
}
afterAll(() => {
  for (const reader of open) reader.close();
});

let nextDay = 3;

describe('live updates: who hears what', () => {
  it('refuses a signed-out stream and opens a signed-in one as server-sent events', async () => {
    const signedOut = await openLive(server.url, createClient(server.url));
    expect(signedOut.status).toBe(401);

    const pro = await matchingProfessional(server);
    const reader = await live(pro.client);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reader.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    expect(reader.events).toEqual(['ready']);
  });

  it('a booking tells the practice (shifts, bell) and the professional (bookings, bell) at once', async () => {
    const practice = await signedInPractice(server, 'Live Dental');
    const pro = await matchingProfessional(server, { firstName: 'Lena' });
    const other = await matchingProfessional(server, { firstName: 'Otto' });
    const shift = await postShift(server, practice.practiceId, { daysAhead: nextDay++ });
    const practiceLive = await live(practice.client);
    const proLive = await live(pro.client);
    const otherLive = await live(other.client);

    const started = Date.now();
    const practiceShifts = practiceLive.next('shifts');
    const practiceBell = practiceLive.next('notifications');
    const proBookings = proLive.next('bookings');
    const proBell = proLive.next('notifications');
    await book(pro, shift.id);
    for (const at of await Promise.all([practiceShifts, practiceBell, proBookings, proBell])) {
      expect(at - started).toBeLessThan(2000);
    }
    // The other professional's bell and bookings did not change.
    expect(await otherLive.quiet('notifications', 300)).toBe(true);
    expect(otherLive.events).not.toContain('bookings');
  });

  it('a message reaches both parties of its conversation and no one else', async () => {
    const practice = await signedInPractice(server, 'Talk Dental');
    const pro = await matchingProfessional(server, { firstName: 'Mia' });
    const stranger = await matchingProfessional(server, { firstName: 'Sam' });
    const shift = await postShift(server, practice.practiceId, { daysAhead: nextDay++ });
    await book(pro, shift.id);
    const practiceLive = await live(practice.client);
    const proLive = await live(pro.client);
    const strangerLive = await live(stranger.client);

    const arrives = proLive.next('messages');
    const echoed = practiceLive.next('messages');
    const sent = await practice.client.post(
      `/api/practice/shifts/${shift.id}/conversations/${pro.professionalId}/messages`,
      { body: 'Parking is behind the building.' },
    );
    expect(sent.status).toBe(201);
    await Promise.all([arrives, echoed]);
    expect(await strangerLive.quiet('messages', 300)).toBe(true);

    // Reading it tells the sender (the read receipt) without a reload.
    const receipt = practiceLive.next('messages');
    expect((await pro.client.get(`/api/professional/shifts/${shift.id}/conversation`)).status).toBe(
      200,
    );
    await receipt;
  });

  it('a new shift tells professionals of its position (Find Shifts), not the others', async () => {
    const practice = await signedInPractice(server, 'Board Dental');
    const hygienist = await matchingProfessional(server, { firstName: 'Hana' });
    const assistant = await matchingProfessional(server, {
      role: 'assistant',
      firstName: 'Abe',
    });
    const hygienistLive = await live(hygienist.client);
    const assistantLive = await live(assistant.client);
    const board = hygienistLive.next('board');
    await postShift(server, practice.practiceId, { daysAhead: nextDay++ }); // a Hygienist shift
    await board;
    expect(await assistantLive.quiet('board', 300)).toBe(true);
  });

  it('a new shift tells the professionals in whose area it is; one who moves follows the new area', async () => {
    const db = server.services.db;
    const near = await signedInPractice(server, 'Hackensack Dental');
    const shore = await signedInPractice(server, 'Shore Dental');
    // Shore Dental's office in Cape May: 100 miles south, another area (decision record 042).
    const capeMay = { latitude: 38.9351, longitude: -74.906 };
    await db.update(locations).set(capeMay).where(eq(locations.practiceId, shore.practiceId));
    const pro = await matchingProfessional(server, { firstName: 'Iris' });
    const proLive = await live(pro.client);

    await postShift(server, shore.practiceId, { daysAhead: nextDay++ });
    expect(await proLive.quiet('board', 400)).toBe(true);
    const nearBoard = proLive.next('board');
    await postShift(server, near.practiceId, { daysAhead: nextDay++ });
    await nearBoard;

    // Iris moves to Cape May: her stream follows the shore's area from then on.
    const moved = proLive.next('bookings');
    await db
      .update(professionals)
      .set({
        homeZipCode: '08204',
        homeLatitude: capeMay.latitude,
        homeLongitude: capeMay.longitude,
      })
      .where(eq(professionals.id, pro.professionalId));
    await moved;
    // The stream asks its tags again on that announcement (one query, done by now on a quiet
    // server; a busy one gets a few tries): a shore shift reaches it from then on.
    let heard = false;
    for (let attempt = 0; attempt < 5 && !heard; attempt += 1) {
      const shoreBoard = proLive.next('board', 1_500).then(
        () => true,
        () => false,
      );
      await postShift(server, shore.practiceId, { daysAhead: nextDay++ });
      heard = await shoreBoard;
    }
    expect(heard).toBe(true);
  });

  it('a reach count the job stores tells the practice (shifts); one counted again the same does not', async () => {
    const practice = await signedInPractice(server, 'Counted Dental');
    const shift = await postShift(server, practice.practiceId, { daysAhead: nextDay++ });
    await server.services.db.insert(reachQueue).values({ shiftId: shift.id }).onConflictDoNothing();
    const practiceLive = await live(practice.client);
    // The posting's own announcement is heard first, if at all.
    await practiceLive.quiet('shifts', 200);

    const started = Date.now();
    const counted = practiceLive.next('shifts');
    expect((await runReachJob(server)).computedReach).toBeGreaterThanOrEqual(1);
    expect((await counted) - started).toBeLessThan(2000);

    // Counted again with the same result: nothing a list shows changed, so nothing is said.
    await server.services.db.insert(reachQueue).values({ shiftId: shift.id });
    expect((await runReachJob(server)).computedReach).toBe(1);
    expect(await practiceLive.quiet('shifts', 300)).toBe(true);
  });

  it('the bell of another browser of the same person follows a read', async () => {
    const practice = await signedInPractice(server, 'Two Tabs Dental');
    const pro = await matchingProfessional(server, { firstName: 'Tia' });
    const shift = await postShift(server, practice.practiceId, { daysAhead: nextDay++ });
    await book(pro, shift.id);
    const firstTab = await live(practice.client);
    const secondTab = await live(practice.client);
    const both = [firstTab.next('notifications'), secondTab.next('notifications')];
    expect((await practice.client.post('/api/notifications/read-all')).status).toBe(204);
    await Promise.all(both);
  });

  it('signing out ends the stream; a person may keep only so many open', async () => {
    const pro = await matchingProfessional(server, { firstName: 'Ola' });
    const reader = await live(pro.client);
    expect((await pro.client.post('/api/auth/sign-out', {})).status).toBe(200);
    await reader.ended;
    // The page was told why, so it goes to its login instead of reconnecting.
    expect(reader.events.at(-1)).toBe('signed-out');

    const busy = await matchingProfessional(server, { firstName: 'Bea' });
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) await live(busy.client);
    const refused = await openLive(server.url, busy.client);
    expect(refused.status).toBe(429);
    open[open.length - 1]!.close();
  });

  it('a stopping server ends its streams and opens no more (browsers reconnect to another)', async () => {
    const pro = await matchingProfessional(server, { firstName: 'Ivy' });
    const reader = await live(pro.client);
    expect(liveHubFor(server.services.db).size).toBeGreaterThan(0);
    liveHubFor(server.services.db).endAll(); // what close() does first
    await reader.ended;
    expect((await openLive(server.url, pro.client)).status).toBe(503);
  });
});

/** A server of its own on `target` (another instance behind the same load balancer). */
async function instanceOn(target: TestDatabase['target']): Promise<RunningServer> {
  return startServer({
    env: loadEnv({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'chairfill-live-')),
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '0',
    }),
    database: target,
  });
}

describe.skipIf(!process.env.DATABASE_URL)('live updates across server instances', () => {
  it('a booking made through one instance reaches the streams held by another', async () => {
    const database = await createTestDatabase();
    const a = await instanceOn(database.target);
    const b = await instanceOn(database.target);
    const readers: LiveReader[] = [];
    try {
      const practice = await seedPractice(a.services, { practiceName: 'Twin Dental' });
      const practiceOnB = await login(
        { client: () => createClient(b.url) } as TestServer,
        practice.email,
        practice.password,
        'practice',
      );
      const pro = await seedProfessional(a.services, 'hygienist', { zipCode: '07601' });
      await a.services.db
        .update(professionals)
        .set({ status: 'verified', homeZipCode: '07601', ...homeCoordinates('07601') })
        .where(eq(professionals.userId, pro.userId));
      const proOnA = await login(
        { client: () => createClient(a.url) } as TestServer,
        pro.email,
        pro.password,
        'professional',
      );
      const practiceLive = await openLive(b.url, practiceOnB);
      readers.push(practiceLive);
      await practiceLive.next('ready');
      // B hears the announcements (its listening connection is made; a busy machine may take a
      // moment, and a change made before that is only made up by 'resync').
      await vi.waitFor(() => expect(keptAnswersFor(b.services.db).isListening).toBe(true), {
        timeout: 10_000,
      });
      await keptAnswersFor(b.services.db).catchUp(b.services.db);
      const heard = practiceLive.next('shifts');
      const [shift] = await seedShifts(a.services, practice.practiceId, {
        dates: [practiceDateFromToday(4)],
        bookingMode: 'instant',
      });
      await heard; // the new shift, posted through instance A
      const told = Promise.all([practiceLive.next('shifts'), practiceLive.next('notifications')]);
      const booked = await proOnA.post(`/api/professional/shifts/${shift!.id}/book`);
      expect(booked.status).toBe(201);
      await told;
    } finally {
      for (const reader of readers) reader.close();
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
