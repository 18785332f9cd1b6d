import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import type { BookingMode } from '../../src/shared/marketplace/bookings';
import type { ShiftPosition } from '../../src/shared/practice/shifts';
import {
  bookings,
  notifications,
  ratings,
  shiftApplications,
  shifts,
} from '../../src/server/db/schema';
import { professionals } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { login } from './professional-session';
import { startTestServer, type ApiClient, type TestServer } from './test-server';

/** Marketplace test people and shifts, made through the same seed functions the demo uses. */

/**
 * Starts a test server (fresh database) before this file's tests, hands it to `ready` to set up
 * what the tests share, and stops it after them.
 */
export function serverForFile(
  ready: (server: TestServer) => void | Promise<void>,
  timeoutMs?: number,
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    await ready(server);
  }, timeoutMs);
  afterAll(async () => {
    await server?.stop();
  });
}

export interface PracticeUser {
  client: ApiClient;
  practiceId: string;
  userId: string;
}

export interface ProfessionalUser {
  client: ApiClient;
  userId: string;
  professionalId: string;
  name: string;
}

export async function practiceUser(
  server: TestServer,
  practiceName = 'Harbor Dental Care',
): Promise<PracticeUser> {
  const practice = await seedPractice(server.services, { practiceName });
  const client = await login(server, practice.email, practice.password, 'practice');
  return { client, practiceId: practice.practiceId, userId: practice.userId };
}

export async function professionalUser(
  server: TestServer,
  options: {
    role?: ProfessionalRole;
    status?: 'pending' | 'verified' | 'rejected' | 'suspended';
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<ProfessionalUser> {
  const firstName = options.firstName ?? 'Jordan';
  const lastName = options.lastName ?? 'Rivera';
  const pro = await seedProfessional(server.services, options.role ?? 'hygienist', {
    firstName,
    lastName,
  });
  await server.services.db
    .update(professionals)
    .set({ status: options.status ?? 'verified' })
    .where(eq(professionals.id, pro.professionalId));
  const client = await login(server, pro.email, pro.password, 'professional');
  return {
    client,
    userId: pro.userId,
    professionalId: pro.professionalId,
    name: `${firstName} ${lastName}`,
  };
}

/** Two practices and two verified hygienists, each signed in. */
export interface MarketplaceCast {
  practice: PracticeUser;
  otherPractice: PracticeUser;
  alice: ProfessionalUser;
  bob: ProfessionalUser;
}

export async function marketplaceCast(server: TestServer): Promise<MarketplaceCast> {
  return {
    practice: await practiceUser(server, 'Harbor Dental Care'),
    otherPractice: await practiceUser(server, 'Lakeside Smiles'),
    alice: await professionalUser(server, { firstName: 'Alice', lastName: 'Moreno' }),
    bob: await professionalUser(server, { firstName: 'Bob', lastName: 'Chen' }),
  };
}

/**
 * The day of a shift posted without one: each on its own day from 3 days ahead (cycling through
 * 45 days), so the same professional booking several of a file's shifts is never booked twice at
 * the same time (issue 41 refuses that). Counted per test server, so each file's days are the
 * same whatever ran before it in the worker (the test workers share modules: vitest.config.ts).
 */
const postedShifts = new WeakMap<TestServer, number>();
function nextShiftDay(server: TestServer): number {
  const posted = (postedShifts.get(server) ?? 0) + 1;
  postedShifts.set(server, posted);
  return 2 + (posted % 45);
}

/**
 * Posts one shift (default: a Hygienist shift 08:00–16:00, review mode, on its own day from two
 * days ahead: nextShiftDay).
 */
export async function postShift(
  server: TestServer,
  practiceId: string,
  options: { position?: ShiftPosition; bookingMode?: BookingMode; daysAhead?: number } = {},
): Promise<string> {
  const position = options.position ?? 'Hygienist';
  const [shift] = await seedShifts(server.services, practiceId, {
    position,
    bookingMode: options.bookingMode ?? 'review',
    dates: [practiceDateFromToday(options.daysAhead ?? nextShiftDay(server))],
    timePerPatient: position === 'Front Desk' ? null : 30,
  });
  return shift!.id;
}

/** Moves a shift into the past as if it had been worked: started 10 hours ago, ended 2 hours ago. */
export async function moveShiftIntoPast(server: TestServer, shiftId: string): Promise<void> {
  await server.services.db
    .update(shifts)
    .set({
      startsAt: sql`now() - interval '10 hours'`,
      endsAt: sql`now() - interval '2 hours'`,
    })
    .where(eq(shifts.id, shiftId));
}

export async function shiftRow(server: TestServer, shiftId: string) {
  const [row] = await server.services.db.select().from(shifts).where(eq(shifts.id, shiftId));
  return row!;
}

export async function bookingRows(server: TestServer, shiftId: string) {
  return server.services.db
    .select()
    .from(bookings)
    .where(eq(bookings.shiftId, shiftId))
    .orderBy(bookings.createdAt);
}

export async function applicationRows(server: TestServer, shiftId: string) {
  return server.services.db
    .select()
    .from(shiftApplications)
    .where(eq(shiftApplications.shiftId, shiftId))
    .orderBy(shiftApplications.createdAt);
}

export async function ratingRows(server: TestServer, bookingId: string) {
  return server.services.db.select().from(ratings).where(eq(ratings.bookingId, bookingId));
}

/** The kinds of the bell entries a user has, oldest first. */
export async function noticeKinds(server: TestServer, userId: string): Promise<string[]> {
  const rows = await server.services.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows.map((row) => row.kind);
}

/** Everything the marketplace stores about a shift, to check that a refusal changed nothing. */
export async function marketplaceSnapshot(server: TestServer, shiftId: string) {
  const db = server.services.db;
  return {
    shift: await shiftRow(server, shiftId),
    applications: await applicationRows(server, shiftId),
    bookings: await bookingRows(server, shiftId),
    ratings: await db.select().from(ratings).where(eq(ratings.shiftId, shiftId)),
    notifications: (await db.select().from(notifications)).length,
  };
}

/** The live (confirmed or completed) booking of a shift. */
export async function liveBooking(server: TestServer, shiftId: string) {
  const [row] = await server.services.db
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.shiftId, shiftId), sql`${bookings.status} in ('confirmed', 'completed')`),
    );
  return row;
}
