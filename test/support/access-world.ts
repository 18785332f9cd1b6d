import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { bookings, charges, notifications, session, shifts } from '../../src/server/db/schema';
import { markChargeSettled } from '../../src/server/services/money/charge-outcomes';
import { invoiceFinishedWeeks } from '../../src/server/services/money/weekly-invoices';
import type { Database } from '../../src/server/db/client';
import { loadEnv, type Env } from '../../src/server/env';
import { listServerRoutes, type ServerRoute } from '../../src/server/route-list';
import { startServer, trustedOriginsFor } from '../../src/server/server';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import { SEED_PASSWORD, seedPractice } from '../../src/server/db/seed/seed-accounts';
import {
  moveShiftIntoPast,
  postShift,
  practiceUser,
  professionalUser,
  type PracticeUser,
  type ProfessionalUser,
} from './marketplace-fixtures';
import { createDatabaseDigest, type DatabaseDigest } from './database-digest';
import { fileForm, PNG_BYTES } from './sample-files';
import { createTestDatabase } from './test-database';
import { createClient, type ApiClient, type ApiResult, type TestServer } from './test-server';

/**
 * The people and objects the access-control tests share: two practices (A owns every object the
 * others are tried against), a professional of each role, a pending one, platform staff and a
 * signed-out visitor; plus factories for fresh objects owned by A (and by A's hygienist).
 */

export const callerNames = [
  'signedOut',
  'practiceA',
  'practiceB',
  'hygienist',
  'assistant',
  'frontDesk',
  'pendingProfessional',
  'admin',
] as const;
export type CallerName = (typeof callerNames)[number];

export interface Caller {
  name: CallerName;
  client: ApiClient;
  /** The account's user id (null when signed out). */
  userId: string | null;
  /** The account's password (empty when signed out). */
  password: string;
}

export interface AccessServer extends TestServer {
  env: Env;
  clientDir: string;
  /** The routes of an app built like this server's, with `env` changed as given. */
  routesWith(change: Partial<Env>): ServerRoute[];
  /** An app built like this server's, with `env` changed as given (for `app.request`). */
  appWith(change: Partial<Env>): ReturnType<typeof createApp>;
}

/** A minimal built web app, so page routes answer as they do in production. */
function writeClientDir(dataDir: string): string {
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body></body></html>`;
  writeFileSync(path.join(clientDir, 'index.html'), page('ChairFill'));
  writeFileSync(path.join(clientDir, 'app.html'), page('ChairFill app'));
  writeFileSync(path.join(clientDir, '404.html'), page('Page not found'));
  return clientDir;
}

/** Like startTestServer, with a built web app and the load benchmark's routes turned on. */
export async function startAccessServer(): Promise<AccessServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-access-'));
  const clientDir = writeClientDir(dataDir);
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAIL_POLL_MS: '100',
    BENCH_ROUTES: 'true',
  });
  const server = await startServer({ env, database: database.target, clientDir });
  const appWith = (change: Partial<Env>) =>
    createApp({
      services: { ...server.services, env: { ...server.services.env, ...change } },
      clientDir,
      mailDir: server.mailDir,
      trustedOrigins: trustedOriginsFor(server.services.env, server.port),
      deliveries: server.deliveries,
    });
  return {
    ...server,
    env: server.services.env,
    clientDir,
    client: () => createClient(server.url),
    appWith,
    routesWith: (change) => listServerRoutes(appWith(change)),
    async stop() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface AccessWorld {
  server: AccessServer;
  callers: Record<CallerName, Caller>;
  practiceA: PracticeUser;
  practiceB: PracticeUser;
  hygienist: ProfessionalUser;
  /** Texts that belong to A or to A's hygienist: no refusal may ever contain one. */
  privateMarkers: string[];
  /** A practice account no caller owns, to sign in with (login is open to everyone). */
  spareLogin: { email: string; password: string };
  fresh: Fresh;
}

/** A timesheet of A's hygienist for a worked shift of A, with its hours. */
export interface TimesheetFixture {
  bookingId: string;
  timesheetId: string;
  startedAt: string;
  endedAt: string;
}

/** Factories of new objects, so each matrix row acts on its own. */
export interface Fresh {
  /** A new open shift of A (Hygienist), each on its own date. */
  shift(bookingMode?: 'review' | 'instant'): Promise<string>;
  /** A's shift with a pending application by A's hygienist. */
  application(): Promise<{ shiftId: string; applicationId: string }>;
  /** A's shift booked by A's hygienist (confirmed, upcoming). */
  booking(): Promise<{ shiftId: string; bookingId: string }>;
  /** A's shift worked by A's hygienist and completed (ready to rate). */
  completedBooking(): Promise<{ shiftId: string; bookingId: string }>;
  /** A's booked shift starting in 10 minutes (check-in is open), with its code. */
  startingBooking(): Promise<{ shiftId: string; bookingId: string; code: string }>;
  /** A's booked shift that ended 5 minutes ago, checked into, with no timesheet yet. */
  workedBooking(): Promise<{ shiftId: string; bookingId: string; startsAt: Date; endsAt: Date }>;
  /** A timesheet A's hygienist submitted for a worked shift of A. */
  submittedTimesheet(): Promise<TimesheetFixture>;
  /** A submitted timesheet that A disputed. */
  disputedTimesheet(): Promise<TimesheetFixture>;
  /** A's charge for an approved timesheet of A's hygienist (not yet debited). */
  charge(): Promise<string>;
  /** A's charge that was debited and settled. */
  settledCharge(): Promise<string>;
  /** A's weekly invoice (a charge of last week put on it). */
  invoice(): Promise<string>;
  /** A's booked shift that started 40 minutes ago with nobody checked in. */
  lateBooking(): Promise<{ shiftId: string; bookingId: string }>;
  /** A location of A that is not its main one. */
  location(): Promise<string>;
  /** A notification in A's bell. */
  notification(): Promise<string>;
  /** A photo of A's hygienist, whom A may see while the application is pending. */
  photo(): Promise<{ fileId: string; url: string; shiftId: string }>;
  /** A's private calendar feed token (GET /calendar/<token>.ics). */
  calendarToken(): Promise<string>;
  /** A professional waiting for screening, not one of the callers. */
  pendingProfessional(): Promise<string>;
  /** A pending invitation of A's hygienist to a new shift of A (they worked together). */
  invitation(): Promise<string>;
  /** A new verified hygienist (not a caller) who applied for a shift of A: A may block them. */
  applicantOfA(): Promise<string>;
  /** A new practice, verified (a professional may block it) unless `verified` is false. */
  practice(verified?: boolean): Promise<string>;
  /** Another session of A (A signed in on a second device): its id. */
  sessionOfA(): Promise<string>;
  /** A's booked shift on which A's hygienist wrote to A (a conversation): the shift's id. */
  conversation(): Promise<string>;
}

export const LOCATION_BODY = {
  name: 'Harbor Dental – Red Bank',
  address: '5 Broad Street',
  city: 'Red Bank',
  state: 'NJ',
  zipCode: '07701',
  phone: '732-555-0150',
  email: 'redbank@example.com',
  pointOfContact: 'Casey Lead',
  dentalSoftware: 'Eaglesoft',
  operatoryCount: '6',
};

function expectStatus(res: ApiResult, status: number, what: string) {
  if (res.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res;
}

const MINUTE = 60_000;

export async function createAccessWorld(server: AccessServer): Promise<AccessWorld> {
  const practiceA = await practiceUser(server, 'Harbor Dental Care');
  const practiceB = await practiceUser(server, 'Lakeside Smiles');
  const hygienist = await professionalUser(server, { firstName: 'Alice', lastName: 'Moreno' });
  const assistant = await professionalUser(server, {
    role: 'assistant',
    firstName: 'Sam',
    lastName: 'Okafor',
  });
  const frontDesk = await professionalUser(server, {
    role: 'front-desk',
    firstName: 'Riley',
    lastName: 'Park',
  });
  const pending = await professionalUser(server, {
    status: 'pending',
    firstName: 'Pat',
    lastName: 'Lindqvist',
  });
  const admin = await createAdminAccount(server.services, {
    email: 'staff-access@example.com',
    password: 'staff-access-password-1',
    name: 'Robin Access',
  });
  const adminClient = server.client();
  expectStatus(
    await adminClient.post('/api/login', {
      email: admin.email,
      password: admin.password,
      audience: 'admin',
    }),
    200,
    'admin sign-in',
  );
  const spare = await seedPractice(server.services, { practiceName: 'Spare Smiles' });

  const seeded = (name: CallerName, user: { client: ApiClient; userId: string }): Caller => ({
    name,
    client: user.client,
    userId: user.userId,
    password: SEED_PASSWORD,
  });
  const callers: Record<CallerName, Caller> = {
    signedOut: { name: 'signedOut', client: server.client(), userId: null, password: '' },
    practiceA: seeded('practiceA', practiceA),
    practiceB: seeded('practiceB', practiceB),
    hygienist: seeded('hygienist', hygienist),
    assistant: seeded('assistant', assistant),
    frontDesk: seeded('frontDesk', frontDesk),
    pendingProfessional: seeded('pendingProfessional', pending),
    admin: { name: 'admin', client: adminClient, userId: admin.userId, password: admin.password },
  };

  const db = server.services.db;
  const aEmail = (await practiceA.client.get('/api/session')).body.user.email as string;
  const hygienistEmail = (await hygienist.client.get('/api/session')).body.user.email as string;

  let worked = 0;
  let day = 2;
  /** Moves a shift to start `fromNowMs` from now and last `lengthMs`. */
  const moveShift = async (shiftId: string, fromNowMs: number, lengthMs: number) => {
    const startsAt = new Date(Date.now() + fromNowMs);
    const endsAt = new Date(startsAt.getTime() + lengthMs);
    await db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shiftId));
  };
  const fresh: Fresh = {
    shift: (bookingMode = 'review') =>
      postShift(server, practiceA.practiceId, { bookingMode, daysAhead: day++ }),
    async application() {
      const shiftId = await fresh.shift('review');
      const res = await hygienist.client.post(`/api/professional/shifts/${shiftId}/apply`, {
        note: 'Available all day',
      });
      expectStatus(res, 201, 'apply');
      return { shiftId, applicationId: res.body.id as string };
    },
    async booking() {
      const shiftId = await fresh.shift('instant');
      const res = await hygienist.client.post(`/api/professional/shifts/${shiftId}/book`);
      expectStatus(res, 201, 'book');
      return { shiftId, bookingId: res.body.id as string };
    },
    async completedBooking() {
      const booked = await fresh.booking();
      await moveShiftIntoPast(server, booked.shiftId);
      await recordShiftsWorkedAsScheduled(db);
      return booked;
    },
    async startingBooking() {
      const booked = await fresh.booking();
      await moveShift(booked.shiftId, 10 * MINUTE, 8 * 60 * MINUTE);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
      return { ...booked, code: row!.checkInCode };
    },
    async workedBooking() {
      const booked = await fresh.booking();
      // Each worked shift its own eight hours, one before the other: a professional's
      // timesheets may not overlap (issue 41).
      const endsAt = new Date(Date.now() - 5 * MINUTE - worked++ * 8 * 65 * MINUTE);
      const startsAt = new Date(endsAt.getTime() - 8 * 60 * MINUTE);
      await db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, booked.shiftId));
      await db
        .update(bookings)
        .set({ checkedInAt: startsAt })
        .where(eq(bookings.id, booked.bookingId));
      return { ...booked, startsAt, endsAt };
    },
    async submittedTimesheet() {
      const worked = await fresh.workedBooking();
      const res = await hygienist.client.post(
        `/api/professional/bookings/${worked.bookingId}/timesheet`,
        {
          startedAt: worked.startsAt.toISOString(),
          endedAt: worked.endsAt.toISOString(),
          breakMinutes: 30,
        },
      );
      expectStatus(res, 201, 'submit timesheet');
      return {
        bookingId: worked.bookingId,
        timesheetId: res.body.timesheet.id as string,
        startedAt: worked.startsAt.toISOString(),
        endedAt: worked.endsAt.toISOString(),
      };
    },
    async disputedTimesheet() {
      const sheet = await fresh.submittedTimesheet();
      const res = await practiceA.client.post(
        `/api/practice/timesheets/${sheet.timesheetId}/dispute`,
        { reason: 'Left an hour early' },
      );
      expectStatus(res, 200, 'dispute timesheet');
      return sheet;
    },
    async charge() {
      const sheet = await fresh.submittedTimesheet();
      const res = await practiceA.client.post(
        `/api/practice/timesheets/${sheet.timesheetId}/approve`,
      );
      expectStatus(res, 200, 'approve timesheet');
      const [row] = await db
        .select({ id: charges.id })
        .from(charges)
        .where(eq(charges.timesheetId, sheet.timesheetId));
      return row!.id;
    },
    async settledCharge() {
      const id = await fresh.charge();
      // As if the payments run had debited it: then settled through the same code as a webhook.
      await db
        .update(charges)
        .set({ status: 'processing', attempts: 1, providerPaymentId: `py_sandbox_matrix_${id}` })
        .where(eq(charges.id, id));
      await db.transaction((tx) => markChargeSettled(tx, { chargeId: id, now: new Date() }));
      return id;
    },
    async invoice() {
      const id = await fresh.charge();
      await db
        .update(charges)
        .set({ serviceDate: new Date(Date.now() - 8 * 24 * 60 * MINUTE) })
        .where(eq(charges.id, id));
      await invoiceFinishedWeeks(db, new Date());
      const [row] = await db
        .select({ invoiceId: charges.invoiceId })
        .from(charges)
        .where(eq(charges.id, id));
      return row!.invoiceId!;
    },
    async lateBooking() {
      const booked = await fresh.booking();
      await moveShift(booked.shiftId, -40 * MINUTE, 8 * 60 * MINUTE);
      return booked;
    },
    async location() {
      const res = await practiceA.client.post('/api/practice/locations', LOCATION_BODY);
      expectStatus(res, 201, 'add location');
      return res.body.id as string;
    },
    async notification() {
      await fresh.application();
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, practiceA.userId))
        .orderBy(desc(notifications.createdAt))
        .limit(1);
      if (!row) throw new Error('no notification for practice A');
      return row.id;
    },
    async photo() {
      const res = await hygienist.client.raw(
        'POST',
        '/api/professional/photo',
        fileForm(PNG_BYTES, 'alice-moreno-portrait.png', 'image/png'),
      );
      expectStatus(res, 200, 'photo upload');
      const { shiftId } = await fresh.application();
      const url = res.body.photo.url as string;
      return { fileId: url.split('/').pop()!, url, shiftId };
    },
    async calendarToken() {
      const res = expectStatus(await practiceA.client.get('/api/calendar-feed'), 200, 'feed');
      return (res.body.url as string)
        .split('/')
        .pop()!
        .replace(/\.ics$/, '');
    },
    async invitation() {
      await fresh.booking();
      const shiftId = await fresh.shift('review');
      const res = await practiceA.client.post(`/api/practice/shifts/${shiftId}/invitations`, {
        professionalId: hygienist.professionalId,
      });
      expectStatus(res, 201, 'invite');
      return res.body.invitations[0].id as string;
    },
    async conversation() {
      const { shiftId } = await fresh.booking();
      const res = await hygienist.client.post(
        `/api/professional/shifts/${shiftId}/conversation/messages`,
        { body: 'Where should I park?' },
      );
      expectStatus(res, 201, 'message');
      return shiftId;
    },
    async applicantOfA() {
      const pro = await professionalUser(server, { firstName: 'Jesse', lastName: 'Applicant' });
      const shiftId = await fresh.shift('review');
      const res = await pro.client.post(`/api/professional/shifts/${shiftId}/apply`, {
        note: '',
      });
      expectStatus(res, 201, 'apply');
      return pro.professionalId;
    },
    async practice(verified = true) {
      const created = await seedPractice(
        server.services,
        { practiceName: 'Fresh Smiles' },
        { verified },
      );
      return created.practiceId;
    },
    async pendingProfessional() {
      const pro = await professionalUser(server, {
        status: 'pending',
        firstName: 'Quinn',
        lastName: 'Waiting',
      });
      return pro.professionalId;
    },
    async sessionOfA() {
      const device = server.client();
      expectStatus(
        await device.post('/api/login', {
          email: aEmail,
          password: SEED_PASSWORD,
          audience: 'practice',
        }),
        200,
        'second sign-in of A',
      );
      const [row] = await db
        .select({ id: session.id })
        .from(session)
        .where(eq(session.userId, practiceA.userId))
        .orderBy(desc(session.createdAt))
        .limit(1);
      return row!.id;
    },
  };

  return {
    server,
    callers,
    practiceA,
    practiceB,
    hygienist,
    privateMarkers: [
      aEmail,
      hygienistEmail,
      'Harbor Dental Care',
      'Moreno',
      'alice-moreno-portrait',
      'Available all day',
    ],
    spareLogin: { email: spare.email, password: spare.password },
    fresh,
  };
}

/** A client with a copy of `caller`'s cookies: what the server answers cannot change the caller. */
export function copyOf(server: AccessServer, caller: Caller): ApiClient {
  const client = createClient(server.url);
  for (const [name, value] of caller.client.cookies) client.cookies.set(name, value);
  return client;
}

const digestsByDatabase = new WeakMap<Database, Promise<() => Promise<DatabaseDigest>>>();

/**
 * Everything stored, as one digest per table, to prove a refused request changed nothing
 * (database-digest.ts: what is left out, and why). One digest per database, made on first use.
 */
export async function databaseDigest(server: TestServer): Promise<Record<string, string>> {
  // Notices queued before are delivered first: the notice worker runs beside the requests (on
  // PostgreSQL), and its delivering them is not a change the request being checked made.
  await server.deliverQueuedNotices();
  const db = server.services.db;
  let digest = digestsByDatabase.get(db);
  if (!digest) {
    digest = createDatabaseDigest(db);
    digestsByDatabase.set(db, digest);
  }
  return (await (await digest)()).tables;
}
