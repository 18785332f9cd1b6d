import { and, eq } from 'drizzle-orm';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { weekDays } from '../../src/shared/professional/availability';
import type { BookingMode } from '../../src/shared/marketplace/bookings';
import { emailOutbox, notifications, professionals } from '../../src/server/db/schema';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { login } from './professional-session';
import type { ApiClient, TestServer } from './test-server';

export interface Person {
  client: ApiClient;
  userId: string;
  email: string;
}

export interface Professional extends Person {
  professionalId: string;
}

export interface Practice extends Person {
  practiceId: string;
}

/**
 * A signed-in professional with a complete matching profile: home in Hackensack (07601), 25
 * miles of travel, $50/h minimum, available every day 6 AM to 10 PM; verified unless told.
 */
export async function matchingProfessional(
  server: TestServer,
  options: {
    role?: ProfessionalRole;
    status?: 'pending' | 'verified';
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<Professional> {
  const pro = await seedProfessional(server.services, options.role ?? 'hygienist', {
    zipCode: '07601',
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
  });
  const [row] = await server.services.db
    .update(professionals)
    .set({
      status: options.status ?? 'verified',
      homeZipCode: '07601',
      ...homeCoordinates('07601'),
      travelDistanceMiles: 25,
      minimumRateCents: 5000,
      availability: weekDays.map((day) => ({ day, startTime: '06:00', endTime: '22:00' })),
    })
    .where(eq(professionals.userId, pro.userId))
    .returning({ id: professionals.id });
  const client = await login(server, pro.email, pro.password, 'professional');
  return { client, userId: pro.userId, email: pro.email, professionalId: row!.id };
}

export async function signedInPractice(
  server: TestServer,
  practiceName = 'Harbor Dental Care',
): Promise<Practice> {
  const practice = await seedPractice(server.services, { practiceName, zipCode: '07601' });
  const client = await login(server, practice.email, practice.password, 'practice');
  return {
    client,
    userId: practice.userId,
    email: practice.email,
    practiceId: practice.practiceId,
  };
}

/** One Hygienist shift at the practice's main location (Hackensack), $55/h, 08:00–16:00. */
export async function postShift(
  server: TestServer,
  practiceId: string,
  options: { daysAhead?: number; bookingMode?: BookingMode; rate?: string } = {},
): Promise<{ id: string; startTime: string; endTime: string }> {
  const [shift] = await seedShifts(server.services, practiceId, {
    dates: [practiceDateFromToday(options.daysAhead ?? 2)],
    bookingMode: options.bookingMode ?? 'instant',
    rate: options.rate ?? '55.00',
  });
  return { id: shift!.id, startTime: shift!.startTime, endTime: shift!.endTime };
}

/** Books an instant shift through the API. */
export async function book(pro: Professional, shiftId: string): Promise<{ id: string }> {
  const res = await pro.client.post(`/api/professional/shifts/${shiftId}/book`);
  if (res.status !== 201) throw new Error(`booking failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The e-mails queued for `address`, once the notices queued so far are delivered. */
export async function emailsTo(server: TestServer, address: string) {
  await server.deliverQueuedNotices();
  return server.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

/** The bell entries of `userId`, once the notices queued so far are delivered. */
export async function bellEntries(server: TestServer, userId: string, kind?: string) {
  await server.deliverQueuedNotices();
  return server.services.db
    .select()
    .from(notifications)
    .where(
      kind
        ? and(eq(notifications.userId, userId), eq(notifications.kind, kind))
        : eq(notifications.userId, userId),
    );
}
