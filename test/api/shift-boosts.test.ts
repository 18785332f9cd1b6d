import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOSTS_PER_PRACTICE_DAY,
  BOOSTS_PER_SHIFT,
  boostMessages,
  URGENTS_PER_PRACTICE_DAY,
} from '../../src/shared/fill/boosts';
import {
  alertDays,
  professionals,
  pushOutbox,
  pushSubscriptions,
  shiftApplications,
  shiftBoosts,
  shifts,
  smsPhones,
} from '../../src/server/db/schema';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { alertDayOf } from '../../src/server/notifications/alert-slots';
import { deliverNotifications } from '../../src/server/notifications/deliver-notifications';
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
import { startTwilioTestServer, type TwilioTestServer } from '../support/twilio-test-server';

/**
 * Boosts and urgent alerts (issue 42, slice 8; decision record 052): a practice raises an open
 * shift's rate, tells more professionals (the widen ring) or marks a shift starting within 24
 * hours urgent, within limits per shift and per practice and New Jersey day; urgent alerts go out
 * by text and push where allowed, by e-mail otherwise, and every alert passes the daily cap.
 */

/** 08:00 in New Jersey (EST) on a Tuesday. */
const START = '2030-03-05T13:00:00.000Z';
const HOUR = 3_600_000;
/** Degrees of latitude per mile on the haversine's sphere (3,958.8 miles): due north of a place. */
const DEGREES_PER_MILE = 180 / (Math.PI * 3958.8);
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: TestServer;
let twilio: TwilioTestServer;
let pushService: PushTestServer;
/** The professionals a test made: no longer verified after it, so later tests' boosts skip them. */
let made: string[] = [];

beforeAll(async () => {
  twilio = await startTwilioTestServer();
  pushService = await startPushTestServer();
  server = await startTestServer({
    MARKET_CLOCK: 'movable',
    MARKET_CLOCK_START: START,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
    SMS_POLL_MS: '100',
    PUSH_POLL_MS: '100',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await twilio?.close();
  await pushService?.close();
});

afterEach(async () => {
  if (made.length === 0) return;
  await server.services.db
    .update(professionals)
    .set({ status: 'pending' })
    .where(inArray(professionals.id, made));
  made = [];
});

function marketNow(): Date {
  return server.services.clock.now();
}

/** A verified hygienist (Hackensack, 25 miles, $50/h minimum, every day 6 AM to 10 PM). */
async function professional(firstName: string): Promise<Professional> {
  const pro = await matchingProfessional(server, { firstName });
  made.push(pro.professionalId);
  return pro;
}

/**
 * Moves the market clock to 08:00 in New Jersey (EST) on March `date`, 2030, before the test
 * makes anything: the clock only moves forward, so the tests take later days in file order.
 */
async function morningOf(date: number) {
  const to = new Date(Date.UTC(2030, 2, date, 13));
  expect(to.getTime()).toBeGreaterThanOrEqual(marketNow().getTime());
  await moveClockTo(server.client(), to);
}

/** Moves the market clock to `to`, running the due jobs and delivering what they send. */
async function moveClockTo(client: Practice['client'], to: Date) {
  const res = await client.post('/api/dev/market/step', { to: to.toISOString() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Posts one Hygienist shift at the practice's main location (Hackensack), `daysAhead` market
 * days on, from `startTime` to `endTime`, at $55/h unless told.
 */
async function post(
  practice: Practice,
  options: { daysAhead: number; startTime?: string; endTime?: string; bookingMode?: string },
): Promise<string> {
  const locationId = (await practice.client.get('/api/practice/locations')).body.locations[0]
    .id as string;
  const res = await practice.client.post('/api/practice/shifts', {
    position: 'Hygienist',
    dates: [practiceDateFromToday(options.daysAhead, marketNow())],
    startTime: options.startTime ?? '08:00',
    endTime: options.endTime ?? '16:00',
    rate: '55',
    locationId,
    breakMinutes: 30,
    timePerPatient: 45,
    bookingMode: options.bookingMode ?? 'review',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.shifts[0].id as string;
}

/** A shift starting at 13:00 today, five hours after the test's start: urgent may be chosen. */
function postSoon(practice: Practice): Promise<string> {
  return post(practice, { daysAhead: 0, startTime: '13:00', endTime: '17:00' });
}

function boost(practice: Practice, shiftId: string, body: unknown) {
  return practice.client.post(`/api/practice/shifts/${shiftId}/boosts`, body);
}

async function boostsOf(shiftId: string) {
  return server.services.db.select().from(shiftBoosts).where(eq(shiftBoosts.shiftId, shiftId));
}

/** Puts the professional's home `miles` due north of the shift's place, with this travel distance. */
async function liveAway(pro: Professional, shiftId: string, miles: number, travel: number) {
  const [shift] = await server.services.db
    .select({ latitude: shifts.latitude, longitude: shifts.longitude })
    .from(shifts)
    .where(eq(shifts.id, shiftId));
  await server.services.db
    .update(professionals)
    .set({
      homeLatitude: Number(shift!.latitude) + miles * DEGREES_PER_MILE,
      homeLongitude: Number(shift!.longitude),
      travelDistanceMiles: travel,
    })
    .where(eq(professionals.id, pro.professionalId));
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

/** A confirmed number with texts on (as the confirmation with a texted code leaves it). */
async function confirmedPhone(pro: Professional, phone: string) {
  await server.services.db
    .insert(smsPhones)
    .values({ userId: pro.userId, phone, confirmedAt: marketNow(), enabled: true });
}

async function waitFor<T>(read: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the urgent shift notice kind', () => {
  it('is a setting of professionals’ e-mails and pushes, not of practices’', async () => {
    const pro = await professional('Sela');
    const practice = await signedInPractice(server, 'Settings Dental');
    for (const path of ['/api/notifications/email-preferences', '/api/notifications/push']) {
      const mine = await pro.client.get(path);
      expect(mine.status).toBe(200);
      expect(mine.body.preferences).toContainEqual({
        kind: 'urgent_shift',
        label: 'Urgent shifts near me',
        enabled: true,
      });
      const theirs = await practice.client.get(path);
      expect(theirs.body.preferences.map((p: { kind: string }) => p.kind)).not.toContain(
        'urgent_shift',
      );
    }
  });
});

describe('POST /api/practice/shifts/{id}/boosts: limits', () => {
  it('allows three boosts a shift and ten a practice a New Jersey day, counting again the next day', async () => {
    const practice = await signedInPractice(server, 'Limits Dental');
    const [first, second, third, fourth] = [
      await post(practice, { daysAhead: 3 }),
      await post(practice, { daysAhead: 4 }),
      await post(practice, { daysAhead: 5 }),
      await post(practice, { daysAhead: 6 }),
    ] as [string, string, string, string];

    const fresh = await practice.client.get(`/api/practice/shifts/${first}/boosts`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.left).toEqual({
      shift: BOOSTS_PER_SHIFT,
      today: BOOSTS_PER_PRACTICE_DAY,
      urgentToday: URGENTS_PER_PRACTICE_DAY,
    });
    // Five days ahead: urgent cannot be chosen yet, the others can.
    expect(fresh.body.available).toEqual({ rate: true, widen: true, urgent: false });
    expect(fresh.body.urgentUnavailable).toBe('too_early');

    const one = await boost(practice, first, { kind: 'rate', rate: '56' });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.left).toEqual({ shift: 2, today: 9, urgentToday: 3 });
    expect(one.body.shift.rateCents).toBe(5600);
    expect((await boost(practice, first, { kind: 'widen' })).status).toBe(201);
    expect((await boost(practice, first, { kind: 'rate', rate: '57' })).status).toBe(201);
    const fourthOfShift = await boost(practice, first, { kind: 'rate', rate: '58' });
    expect(fourthOfShift.status).toBe(409);
    expect(fourthOfShift.body.error.message).toBe(boostMessages.shiftLimit);
    const [shiftRow] = await server.services.db
      .select({ rateCents: shifts.rateCents })
      .from(shifts)
      .where(eq(shifts.id, first));
    expect(shiftRow!.rateCents).toBe(5700);

    // Three more on each of the next two shifts, one on the fourth: ten today.
    for (const shiftId of [second, third]) {
      for (const rate of ['56', '57', '58']) {
        const res = await boost(practice, shiftId, { kind: 'rate', rate });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
    }
    expect((await boost(practice, fourth, { kind: 'rate', rate: '56' })).status).toBe(201);
    const eleventh = await boost(practice, fourth, { kind: 'rate', rate: '57' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toBe(boostMessages.practiceDayLimit);
    expect(await boostsOf(fourth)).toHaveLength(1);
    const full = await practice.client.get(`/api/practice/shifts/${fourth}/boosts`);
    expect(full.body.left).toEqual({ shift: 2, today: 0, urgentToday: 3 });
    expect(full.body.available).toEqual({ rate: false, widen: false, urgent: false });

    // 00:30 the next New Jersey day: the practice's count starts again, the shift's does not.
    await moveClockTo(practice.client, new Date('2030-03-06T05:30:00.000Z'));
    const nextDay = await boost(practice, fourth, { kind: 'rate', rate: '57' });
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(201);
    expect(nextDay.body.left).toEqual({ shift: 1, today: 9, urgentToday: 3 });
    expect((await boost(practice, first, { kind: 'rate', rate: '60' })).status).toBe(409);
  });

  it('marks a shift urgent only within 24 hours of its start, once, and three a practice a day', async () => {
    await morningOf(7);
    const practice = await signedInPractice(server, 'Urgent Limits Dental');
    // Tomorrow 09:00: 25 hours ahead of today's 08:00.
    const later = await post(practice, { daysAhead: 1, startTime: '09:00', endTime: '17:00' });
    const refused = await boost(practice, later, { kind: 'urgent' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(boostMessages.urgentTooEarly);
    expect(await boostsOf(later)).toHaveLength(0);

    const soon = [
      await postSoon(practice),
      await post(practice, { daysAhead: 0, startTime: '14:00', endTime: '18:00' }),
      await post(practice, { daysAhead: 0, startTime: '15:00', endTime: '19:00' }),
    ];
    for (const shiftId of soon) {
      const res = await boost(practice, shiftId, { kind: 'urgent' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const again = await boost(practice, soon[0]!, { kind: 'urgent' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(boostMessages.urgentAlready);

    // An hour and a half on, the 25-hour shift is within 24 hours: today's three are used.
    await moveClockTo(practice.client, new Date(marketNow().getTime() + 1.5 * HOUR));
    const fourth = await boost(practice, later, { kind: 'urgent' });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe(boostMessages.urgentDayLimit);
    const state = await practice.client.get(`/api/practice/shifts/${later}/boosts`);
    expect(state.body.urgentUnavailable).toBe('day_limit');
    expect(state.body.left.urgentToday).toBe(0);
    // It may still be widened.
    expect((await boost(practice, later, { kind: 'widen' })).status).toBe(201);
  });

  it('lets no two boosts at once pass the practice’s daily limit', async () => {
    const practice = await signedInPractice(server, 'Parallel Dental');
    const locationId = (await practice.client.get('/api/practice/locations')).body.locations[0]
      .id as string;
    const posted = await practice.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: Array.from({ length: BOOSTS_PER_PRACTICE_DAY + 2 }, (_, i) =>
        practiceDateFromToday(3 + i, marketNow()),
      ),
      startTime: '08:00',
      endTime: '16:00',
      rate: '55',
      locationId,
      breakMinutes: 30,
      timePerPatient: 45,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const ids = posted.body.shifts.map((shift: { id: string }) => shift.id) as string[];

    const answers = await Promise.all(
      ids.map((id) => boost(practice, id, { kind: 'rate', rate: '60' })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(BOOSTS_PER_PRACTICE_DAY).fill(201), 409, 409]);
    for (const refused of answers.filter((res) => res.status === 409)) {
      expect(refused.body.error.message).toBe(boostMessages.practiceDayLimit);
    }
    const rows = await server.services.db
      .select({ id: shiftBoosts.id })
      .from(shiftBoosts)
      .where(inArray(shiftBoosts.shiftId, ids));
    expect(rows).toHaveLength(BOOSTS_PER_PRACTICE_DAY);
  });

  it('answers 404 for another practice’s shift and 409 for a cancelled or lowered one, changing nothing', async () => {
    const owner = await signedInPractice(server, 'Owner Dental');
    const other = await signedInPractice(server, 'Other Dental');
    const shiftId = await post(owner, { daysAhead: 2 });

    const foreign = await boost(other, shiftId, { kind: 'rate', rate: '70' });
    expect(foreign.status).toBe(404);
    expect((await other.client.get(`/api/practice/shifts/${shiftId}/boosts`)).status).toBe(404);
    expect((await boost(other, shiftId, { kind: 'widen' })).status).toBe(404);

    const lower = await boost(owner, shiftId, { kind: 'rate', rate: '50' });
    expect(lower.status).toBe(409);
    expect(lower.body.error.message).toBe(boostMessages.rateNotHigher(5500));
    const same = await boost(owner, shiftId, { kind: 'rate', rate: '55.00' });
    expect(same.status).toBe(409);

    for (const body of [
      {},
      { kind: 'boost' },
      { kind: 'rate' },
      { kind: 'rate', rate: 'lots' },
      { kind: 'rate', rate: '5000' },
      { kind: 'rate', rate: null },
      { kind: ['urgent'] },
    ]) {
      const res = await boost(owner, shiftId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await boostsOf(shiftId)).toHaveLength(0);
    const [row] = await server.services.db
      .select({ rateCents: shifts.rateCents })
      .from(shifts)
      .where(eq(shifts.id, shiftId));
    expect(row!.rateCents).toBe(5500);

    const cancelled = await owner.client.post(`/api/practice/shifts/${shiftId}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const late = await boost(owner, shiftId, { kind: 'widen' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(boostMessages.notOpen);
    expect(await boostsOf(shiftId)).toHaveLength(0);
  });
});

describe('POST /api/practice/shifts/{id}/boosts: who is told', () => {
  it('a rate boost withdraws pending applications, tells the applicants and those the new rate reaches', async () => {
    const practice = await signedInPractice(server, 'Rate Boost Dental');
    const applicant = await professional('Ada');
    const dearer = await professional('Dora');
    const already = await professional('Al');
    await server.services.db
      .update(professionals)
      .set({ minimumRateCents: 5800 })
      .where(eq(professionals.id, dearer.professionalId));
    const shiftId = await post(practice, { daysAhead: 3 });
    const applied = await applicant.client.post(`/api/professional/shifts/${shiftId}/apply`, {
      note: 'Available',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    const res = await boost(practice, shiftId, { kind: 'rate', rate: '60' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.withdrawn).toBe(1);
    expect(res.body.told).toBe(1);
    expect(res.body.boost).toMatchObject({
      kind: 'rate',
      rateCentsBefore: 5500,
      rateCentsAfter: 6000,
      told: 1,
    });
    expect(res.body.shift.rateCents).toBe(6000);
    expect(res.body.shift.applicantCount).toBe(0);

    const [application] = await server.services.db
      .select({ status: shiftApplications.status })
      .from(shiftApplications)
      .where(eq(shiftApplications.shiftId, shiftId));
    expect(application!.status).toBe('withdrawn');
    const changed = await bellEntries(server, applicant.userId, 'applied_shift_update');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain('$60.00');

    const told = await bellEntries(server, dearer.userId, 'new_matching_shifts');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('now pays $60.00');
    expect(told[0]!.body).toContain('miles away.');
    // The old rate already met Al's minimum: the rate is no news to him.
    expect(await bellEntries(server, already.userId, 'new_matching_shifts')).toHaveLength(0);
  });

  it('widening tells a professional 18 miles away with a 15-mile distance, plainly, and not one 30 miles away', async () => {
    const practice = await signedInPractice(server, 'Widen Dental');
    const near = await professional('Nia');
    const far = await professional('Fritz');
    const shiftId = await post(practice, { daysAhead: 3 });
    await liveAway(near, shiftId, 18, 15);
    await liveAway(far, shiftId, 30, 15);

    const res = await boost(practice, shiftId, { kind: 'widen' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.told).toBe(1);

    const entries = await bellEntries(server, near.userId, 'new_matching_shifts');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toContain('18 miles away, beyond your 15 miles.');
    expect(entries[0]!.linkPath).toMatch(/\/find-shifts\?maxDistance=25$/);
    expect(await bellEntries(server, far.userId)).toHaveLength(0);

    // The link's board lists the shift; the professional's own does not.
    const own = await near.client.get('/api/professional/shift-board');
    expect(own.body.shifts.map((s: { id: string }) => s.id)).not.toContain(shiftId);
    const widened = await near.client.get('/api/professional/shift-board?maxDistance=25');
    expect(widened.body.shifts.map((s: { id: string }) => s.id)).toContain(shiftId);
    // Booking does not look at distance: an instant shift could be taken from here.

    const again = await boost(practice, shiftId, { kind: 'widen' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(boostMessages.widenedAlready);
  });

  it('urgent tells by text and push where allowed, by e-mail only those with neither', async () => {
    await morningOf(8);
    const practice = await signedInPractice(server, 'Urgent Dental');
    const texter = await professional('Tess');
    const pusher = await professional('Pia');
    const plain = await professional('Paul');
    const beyond = await professional('Ben');
    await confirmedPhone(texter, '+12015550177');
    const sub = await subscribe(pusher);
    const shiftId = await postSoon(practice);
    await liveAway(beyond, shiftId, 18, 15);

    const res = await boost(practice, shiftId, { kind: 'urgent' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.told).toBe(4);
    await server.deliveries.drain();

    for (const pro of [texter, pusher, plain, beyond]) {
      const entries = await bellEntries(server, pro.userId, 'urgent_shift');
      expect(entries, pro.email).toHaveLength(1);
      expect(entries[0]!.title).toMatch(/^Urgent: Hygienist shift on .* at Urgent Dental$/);
    }
    const text = await waitFor(
      () => twilio.messages.find((m) => m.to === '+12015550177'),
      'the urgent text',
    );
    expect(text.body).toContain('Urgent: Hygienist shift');
    const [push] = await pushService.waitForPushes(sub.id, 1);
    expect(push!.payload.title).toMatch(/^Urgent: /);

    const urgentMails = async (pro: Professional) =>
      (await emailsTo(server, pro.email)).filter((mail) => mail.subject.startsWith('Urgent: '));
    expect(await urgentMails(texter)).toHaveLength(0);
    expect(await urgentMails(pusher)).toHaveLength(0);
    expect(await urgentMails(plain)).toHaveLength(1);
    const [beyondMail] = await urgentMails(beyond);
    expect(beyondMail).toBeDefined();
    const [beyondEntry] = await bellEntries(server, beyond.userId, 'urgent_shift');
    expect(beyondEntry!.body).toContain('18 miles away, beyond your 15 miles.');
    expect(twilio.messages.filter((m) => m.to === '+12015550177')).toHaveLength(1);
  });

  it('never passes a professional’s daily alert cap', async () => {
    await morningOf(9);
    const practice = await signedInPractice(server, 'Capped Urgent Dental');
    const capped = await professional('Cap');
    const free = await professional('Fred');
    await confirmedPhone(capped, '+12015550178');
    await capped.client.put('/api/professional/alert-settings', { dailyCap: 1 });
    await server.services.db
      .insert(alertDays)
      .values({ professionalId: capped.professionalId, day: alertDayOf(marketNow()), sent: 1 });
    const shiftId = await postSoon(practice);

    const res = await boost(practice, shiftId, { kind: 'urgent' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.told).toBe(1);
    await server.deliveries.drain();
    expect(await bellEntries(server, capped.userId, 'urgent_shift')).toHaveLength(0);
    expect(await bellEntries(server, free.userId, 'urgent_shift')).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to === '+12015550178')).toHaveLength(0);
    expect((await capped.client.get('/api/professional/alert-settings')).body.sentToday).toBe(1);
    const pushed = await server.services.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.userId, capped.userId));
    expect(pushed).toHaveLength(0);

    // The funnel drops what a sender lets through: an urgent alert is a shift alert.
    const delivered = await deliverNotifications(
      server.services.db,
      [
        {
          userId: capped.userId,
          kind: 'urgent_shift',
          email: 'unless_texted_or_pushed',
          compose: (recipient) =>
            composeNotice(recipient, server.services.env.publicUrl, {
              title: 'Urgent: Hygienist shift today at Capped Urgent Dental',
              body: 'Capped Urgent Dental urgently needs a Hygienist.',
              linkPath: `${recipient.portalPath}/find-shifts`,
              actionLabel: 'Find shifts',
            }),
        },
      ],
      marketNow(),
    );
    expect(delivered).toEqual({ notifications: 0, emails: 0, pushes: 0 });
  });
});
