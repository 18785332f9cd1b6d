import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertCapTexts,
  DEFAULT_DAILY_ALERT_CAP,
  MAX_DAILY_ALERT_CAP,
} from '../../src/shared/fill/alert-settings';
import {
  alertDays,
  favourites,
  matchNotices,
  professionals,
  pushOutbox,
  pushSubscriptions,
  smsOutbox,
} from '../../src/server/db/schema';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { alertDaysRetentionJob } from '../../src/server/jobs/alert-days-retention-job';
import { alertDayOf } from '../../src/server/notifications/alert-slots';
import {
  deliverNotifications,
  type NotificationMessage,
} from '../../src/server/notifications/deliver-notifications';
import { composeNotice } from '../../src/server/notifications/marketplace-messages';
import {
  bellEntries,
  emailsTo,
  matchingProfessional,
  signedInPractice,
  type Practice,
  type Professional,
} from '../support/notification-fixtures';
import { startPushTestServer, type PushTestServer } from '../support/push-test-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The daily cap on shift alerts (issue 42, slice 7; decision record 050): a professional is sent
 * at most their cap of shift alerts a New Jersey day on the market clock, on every channel,
 * whatever sends them (digest, backfill) and however many deliveries run at once.
 */

/** 08:00 in New Jersey (EST) on a Tuesday. */
const START = '2030-03-05T13:00:00.000Z';
const HOUR = 3_600_000;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: TestServer;
let pushService: PushTestServer;

beforeAll(async () => {
  pushService = await startPushTestServer();
  server = await startTestServer({
    MARKET_CLOCK: 'movable',
    MARKET_CLOCK_START: START,
    PUSH_POLL_MS: '100',
  });
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

function marketNow(): Date {
  return server.services.clock.now();
}

/** Moves the market clock `hours` on, running the due jobs and delivering what they send. */
async function step(client: Practice['client'], hours: number) {
  const to = new Date(marketNow().getTime() + hours * HOUR).toISOString();
  const res = await client.post('/api/dev/market/step', { to });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Posts one Hygienist shift (Hackensack, $55/h, 08:00–16:00) `daysAhead` market days on. */
async function post(
  practice: Practice,
  daysAhead: number,
  bookingMode = 'review',
): Promise<string> {
  const locationId = (await practice.client.get('/api/practice/locations')).body.locations[0]
    .id as string;
  const res = await practice.client.post('/api/practice/shifts', {
    position: 'Hygienist',
    dates: [practiceDateFromToday(daysAhead, marketNow())],
    startTime: '08:00',
    endTime: '16:00',
    rate: '55',
    locationId,
    breakMinutes: 30,
    timePerPatient: 45,
    bookingMode,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.shifts[0].id as string;
}

/** A shift another professional books at once and cancels: it is open again (a backfill). */
async function reopened(practice: Practice, leaver: Professional, daysAhead: number) {
  const shiftId = await post(practice, daysAhead, 'instant');
  const booked = await leaver.client.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const cancelled = await leaver.client.post(
    `/api/professional/bookings/${booked.body.id}/cancel`,
    { reason: 'Family matter' },
  );
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  return shiftId;
}

async function subscribe(pro: Professional) {
  const sub = pushService.subscribe();
  const res = await pro.client.raw(
    'POST',
    '/api/notifications/push/devices',
    JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }),
    { 'content-type': 'application/json', 'user-agent': ANDROID_CHROME },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sub;
}

async function pushesTo(endpoint: string) {
  return server.services.db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, endpoint));
}

async function textsTo(userId: string) {
  return server.services.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId));
}

async function alertMails(email: string) {
  return (await emailsTo(server, email)).filter((mail) =>
    /match(es)? your profile$|is open again$/.test(mail.subject),
  );
}

async function toldShifts(professionalId: string): Promise<string[]> {
  const rows = await server.services.db
    .select({ shiftId: matchNotices.shiftId })
    .from(matchNotices)
    .where(eq(matchNotices.professionalId, professionalId));
  return rows.map((row) => row.shiftId).sort();
}

describe('the daily cap on shift alerts', () => {
  it('sends at most the cap a New Jersey day over digest and backfill runs, and counts again the next day', async () => {
    const practice = await signedInPractice(server, 'Capped Alerts Dental');
    const pro = await matchingProfessional(server);
    const leaver = await matchingProfessional(server, { firstName: 'Leo' });
    const sub = await subscribe(pro);
    const capped = await pro.client.put('/api/professional/alert-settings', { dailyCap: 2 });
    expect(capped.body).toEqual({ dailyCap: 2, maxDailyCap: MAX_DAILY_ALERT_CAP, sentToday: 0 });

    // 08:00: a shift; at 09:00 the digest tells of it (alert 1).
    const first = await post(practice, 3);
    await step(practice.client, 1);
    expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(1);
    // 09:00: a shift booked and cancelled at once; at 10:00 the backfill tells of it (alert 2).
    const second = await reopened(practice, leaver, 4);
    await step(practice.client, 1);
    const twoAlerts = await bellEntries(server, pro.userId, 'new_matching_shifts');
    expect(twoAlerts).toHaveLength(2);
    expect(twoAlerts.some((entry) => entry.title.endsWith('is open again'))).toBe(true);

    // Three more postings, an hour apart, by digest and backfill: nothing more today.
    const third = await post(practice, 5);
    await step(practice.client, 1);
    const fourth = await reopened(practice, leaver, 6);
    await step(practice.client, 1);
    const fifth = await post(practice, 7);
    await step(practice.client, 1);

    expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(2);
    expect(await alertMails(pro.email)).toHaveLength(2);
    await server.deliveries.drain();
    expect(await pushesTo(sub.endpoint)).toHaveLength(2);
    expect(await textsTo(pro.userId)).toHaveLength(0);
    expect((await pro.client.get('/api/professional/alert-settings')).body.sentToday).toBe(2);
    // Not recorded as told of the shifts they were not told of: those can reach them tomorrow.
    expect(await toldShifts(pro.professionalId)).toEqual([first, second].sort());

    // 00:30 the next New Jersey day: one digest of the three shifts is one alert of the new day.
    await step(
      practice.client,
      (Date.parse('2030-03-06T05:30:00.000Z') - marketNow().getTime()) / HOUR,
    );
    const entries = await bellEntries(server, pro.userId, 'new_matching_shifts');
    expect(entries).toHaveLength(3);
    expect(entries.some((entry) => entry.title === '3 new shifts match your profile')).toBe(true);
    expect(await toldShifts(pro.professionalId)).toEqual(
      [first, second, third, fourth, fifth].sort(),
    );
    expect((await pro.client.get('/api/professional/alert-settings')).body).toEqual({
      dailyCap: 2,
      maxDailyCap: MAX_DAILY_ALERT_CAP,
      sentToday: 1,
    });
    await server.deliveries.drain();
    expect(await pushesTo(sub.endpoint)).toHaveLength(3);
    expect(await alertMails(pro.email)).toHaveLength(3);
  });

  it('never passes the cap with two deliveries at once, and a repeated alert takes no second slot', async () => {
    const pro = await matchingProfessional(server);
    await pro.client.put('/api/professional/alert-settings', { dailyCap: 2 });
    const alert = (key: string): NotificationMessage => ({
      userId: pro.userId,
      kind: 'new_matching_shifts',
      dedupeKey: `alert-cap-test:${key}`,
      compose: (recipient) =>
        composeNotice(recipient, server.services.env.publicUrl, {
          title: `A new Hygienist shift matches your profile (${key})`,
          body: 'Harbor Dental Care posted a shift that fits you.',
          linkPath: `${recipient.portalPath}/find-shifts`,
          actionLabel: 'Find shifts',
        }),
    });
    const now = marketNow();
    // Delivered once, then again (a retried run): one slot.
    await deliverNotifications(server.services.db, [alert('a')], now);
    const again = await deliverNotifications(server.services.db, [alert('a')], now);
    expect(again.notifications).toBe(0);
    expect((await pro.client.get('/api/professional/alert-settings')).body.sentToday).toBe(1);

    // Two deliveries in their own transactions at once, three new alerts each: one slot left.
    const results = await Promise.all(
      [
        ['b', 'c', 'd'],
        ['e', 'f', 'g'],
      ].map((keys) =>
        server.services.db.transaction((tx) => deliverNotifications(tx, keys.map(alert), now)),
      ),
    );
    expect(results.reduce((sum, result) => sum + result.notifications, 0)).toBe(1);
    expect(results.reduce((sum, result) => sum + result.emails, 0)).toBe(1);
    expect(await bellEntries(server, pro.userId, 'new_matching_shifts')).toHaveLength(2);
    const [day] = await server.services.db
      .select({ sent: alertDays.sent })
      .from(alertDays)
      .where(eq(alertDays.professionalId, pro.professionalId));
    expect(day!.sent).toBe(2);
  });

  it('offers a shift to favourites first only while they have a shift alert left today', async () => {
    const practice = await signedInPractice(server, 'Favourite Cap Dental');
    const full = await matchingProfessional(server, { firstName: 'Fay' });
    const open = await matchingProfessional(server, { firstName: 'Finn' });
    await server.services.db.insert(favourites).values([
      { practiceId: practice.practiceId, professionalId: full.professionalId },
      { practiceId: practice.practiceId, professionalId: open.professionalId },
    ]);
    await full.client.put('/api/professional/alert-settings', { dailyCap: 1 });
    await server.services.db
      .insert(alertDays)
      .values({ professionalId: full.professionalId, day: alertDayOf(marketNow()), sent: 1 });
    const before = await bellEntries(server, full.userId, 'new_matching_shifts');

    const locationId = (await practice.client.get('/api/practice/locations')).body.locations[0]
      .id as string;
    const posted = await practice.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: [practiceDateFromToday(5, marketNow())],
      startTime: '08:00',
      endTime: '16:00',
      rate: '55',
      locationId,
      breakMinutes: 30,
      timePerPatient: 45,
      favouritesFirstHours: 4,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const offered = (entries: Array<{ title: string }>) =>
      entries.filter((entry) => entry.title === 'Favourite Cap Dental offers you a shift first');
    expect(offered(await bellEntries(server, open.userId, 'new_matching_shifts'))).toHaveLength(1);
    expect(await bellEntries(server, full.userId, 'new_matching_shifts')).toEqual(before);
    expect((await full.client.get('/api/professional/alert-settings')).body.sentToday).toBe(1);
  });

  it('leaves notices that are not shift alerts alone', async () => {
    const pro = await matchingProfessional(server);
    await pro.client.put('/api/professional/alert-settings', { dailyCap: 1 });
    const reminder = (n: number): NotificationMessage => ({
      userId: pro.userId,
      kind: 'shift_reminder',
      compose: (recipient) =>
        composeNotice(recipient, server.services.env.publicUrl, {
          title: `Reminder ${n}`,
          body: 'Your shift starts at 8:00 AM.',
          linkPath: `${recipient.portalPath}/schedule`,
          actionLabel: 'Open my schedule',
        }),
    });
    const delivered = await deliverNotifications(
      server.services.db,
      [reminder(1), reminder(2), reminder(3)],
      marketNow(),
    );
    expect(delivered.notifications).toBe(3);
    expect((await pro.client.get('/api/professional/alert-settings')).body.sentToday).toBe(0);
  });

  it('keeps a week of daily counts: the hourly job deletes older days, never today’s', async () => {
    const pro = await matchingProfessional(server);
    const now = marketNow();
    const dayBefore = (days: number) => alertDayOf(new Date(now.getTime() - days * 24 * HOUR));
    await server.services.db.insert(alertDays).values(
      [0, 1, 7, 8, 30].map((days) => ({
        professionalId: pro.professionalId,
        day: dayBefore(days),
        sent: 2,
      })),
    );
    const result = await alertDaysRetentionJob.run(server.services, now);
    expect(result.deletedAlertDays).toBeGreaterThanOrEqual(2);
    const kept = await server.services.db
      .select({ day: alertDays.day })
      .from(alertDays)
      .where(eq(alertDays.professionalId, pro.professionalId));
    expect(kept.map((row) => row.day).sort()).toEqual([dayBefore(7), dayBefore(1), dayBefore(0)]);
    expect((await pro.client.get('/api/professional/alert-settings')).body.sentToday).toBe(2);
    expect((await alertDaysRetentionJob.run(server.services, now)).deletedAlertDays).toBe(0);
  });
});

describe('GET and PUT /api/professional/alert-settings', () => {
  it('answers the default cap, then the one saved', async () => {
    const pro = await matchingProfessional(server);
    expect((await pro.client.get('/api/professional/alert-settings')).body).toEqual({
      dailyCap: DEFAULT_DAILY_ALERT_CAP,
      maxDailyCap: MAX_DAILY_ALERT_CAP,
      sentToday: 0,
    });
    const saved = await pro.client.put('/api/professional/alert-settings', { dailyCap: 8 });
    expect(saved.status).toBe(200);
    expect(saved.body.dailyCap).toBe(8);
    expect((await pro.client.get('/api/professional/alert-settings')).body.dailyCap).toBe(8);
  });

  it('refuses a cap outside 1 to 8 or not a whole number with a 400 that says so, changing nothing', async () => {
    const pro = await matchingProfessional(server);
    await pro.client.put('/api/professional/alert-settings', { dailyCap: 3 });
    const before = await server.services.db
      .select()
      .from(professionals)
      .where(eq(professionals.id, pro.professionalId));
    for (const dailyCap of [0, 9, 'x', 2.5, -1, null]) {
      const res = await pro.client.put('/api/professional/alert-settings', { dailyCap });
      expect(res.status, JSON.stringify(dailyCap)).toBe(400);
      expect(res.body.error.fields.dailyCap).toBe(alertCapTexts.capOutOfRange);
    }
    const missing = await pro.client.put('/api/professional/alert-settings', {});
    expect(missing.status).toBe(400);
    const after = await server.services.db
      .select()
      .from(professionals)
      .where(eq(professionals.id, pro.professionalId));
    expect(after).toEqual(before);
    expect((await pro.client.get('/api/professional/alert-settings')).body.dailyCap).toBe(3);
  });

  it('is each professional’s own: another’s save changes only theirs; practices 403, signed out 401', async () => {
    const mine = await matchingProfessional(server);
    const theirs = await matchingProfessional(server, { firstName: 'Other' });
    await mine.client.put('/api/professional/alert-settings', { dailyCap: 4 });
    await theirs.client.put('/api/professional/alert-settings', { dailyCap: 7 });
    const caps = await server.services.db
      .select({ id: professionals.id, cap: professionals.dailyAlertCap })
      .from(professionals)
      .where(inArray(professionals.id, [mine.professionalId, theirs.professionalId]));
    expect(Object.fromEntries(caps.map((row) => [row.id, row.cap]))).toEqual({
      [mine.professionalId]: 4,
      [theirs.professionalId]: 7,
    });

    const practice = await signedInPractice(server, 'Curious Dental');
    expect((await practice.client.get('/api/professional/alert-settings')).status).toBe(403);
    expect(
      (await practice.client.put('/api/professional/alert-settings', { dailyCap: 1 })).status,
    ).toBe(403);
    const anonymous = server.client();
    expect((await anonymous.get('/api/professional/alert-settings')).status).toBe(401);
    expect((await anonymous.put('/api/professional/alert-settings', { dailyCap: 1 })).status).toBe(
      401,
    );
    const [still] = await server.services.db
      .select({ cap: professionals.dailyAlertCap })
      .from(professionals)
      .where(eq(professionals.id, mine.professionalId));
    expect(still!.cap).toBe(4);
  });
});
