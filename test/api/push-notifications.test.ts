import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUSH_DEVICES_MAX,
  type PushSettingsReply,
} from '../../src/shared/marketplace/push-notifications';
import { notificationKindsFor } from '../../src/shared/marketplace/notification-constants';
import { pushOutbox, pushPreferences, pushSubscriptions } from '../../src/server/db/schema';
import { messageEmailsJob } from '../../src/server/jobs/message-emails-job';
import { deliverNotifications } from '../../src/server/notifications/deliver-notifications';
import { composeNotice } from '../../src/server/notifications/marketplace-messages';
import { loadEnv } from '../../src/server/env';
import { VAPID_KEYS_FILE, vapidKeysFor } from '../../src/server/push/vapid-keys';
import {
  bellEntries,
  book,
  emailsTo,
  matchingProfessional,
  postShift,
  signedInPractice,
  type Person,
} from '../support/notification-fixtures';
import {
  startPushTestServer,
  type FakeSubscription,
  type PushTestServer,
} from '../support/push-test-server';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let pushService: PushTestServer;

beforeAll(async () => {
  pushService = await startPushTestServer();
  server = await startTestServer({ PUSH_POLL_MS: '100' });
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Turns push on for a new fake browser of `person`; answers the browser and the reply. */
async function subscribe(
  person: Person,
): Promise<{ sub: FakeSubscription; reply: PushSettingsReply }> {
  const sub = pushService.subscribe();
  const res = await person.client.raw(
    'POST',
    '/api/notifications/push/devices',
    JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }),
    { 'content-type': 'application/json', 'user-agent': ANDROID_CHROME },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { sub, reply: res.body };
}

async function outboxFor(sub: FakeSubscription) {
  return server.services.db
    .select({
      status: pushOutbox.status,
      attempts: pushOutbox.attempts,
      lastError: pushOutbox.lastError,
      payload: pushOutbox.payload,
      dedupeKey: pushOutbox.dedupeKey,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, sub.endpoint));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('push settings and devices', () => {
  it('answers the VAPID public key generated once into DATA_DIR (mode 600), kinds and devices', async () => {
    const pro = await matchingProfessional(server);
    const res = await pro.client.get<PushSettingsReply>('/api/notifications/push');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const file = path.join(server.services.env.dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    expect(res.body.publicKey).toBe(kept.publicKey);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
    expect(res.body.devices).toEqual([]);
    expect(res.body.preferences.map((p) => p.kind)).toEqual(notificationKindsFor('professional'));
    expect(res.body.preferences.every((p) => p.enabled)).toBe(true);
    expect(res.body.preferences.find((p) => p.kind === 'message')!.label).toBe('New messages');
    expect(res.body.preferences.find((p) => p.kind === 'new_matching_shifts')!.label).toBe(
      'New shifts that match my profile',
    );

    const practice = await signedInPractice(server);
    const theirs = await practice.client.get<PushSettingsReply>('/api/notifications/push');
    expect(theirs.body.preferences.map((p) => p.kind)).toEqual(notificationKindsFor('practice'));
    expect(theirs.body.publicKey).toBe(kept.publicKey);
  });

  it('adds a device with its name and the hash of its address, and again only updates it', async () => {
    const pro = await matchingProfessional(server);
    const { sub, reply } = await subscribe(pro);
    expect(reply.devices).toHaveLength(1);
    expect(reply.devices[0]).toMatchObject({
      device: 'Chrome on Android',
      endpointHash: createHash('sha256').update(sub.endpoint).digest('hex'),
      lastSentAt: null,
    });
    expect(JSON.stringify(reply)).not.toContain(sub.endpoint);
    const again = await pro.client.post<PushSettingsReply>('/api/notifications/push/devices', {
      endpoint: sub.endpoint,
      keys: sub.keys,
    });
    expect(again.status).toBe(200);
    expect(again.body.devices.map((d) => d.id)).toEqual([reply.devices[0]!.id]);
  });

  it.each([
    ['an http address of another host', { endpoint: 'http://push.example.com/x' }],
    ['a non-web address', { endpoint: 'ftp://push.example.com/x' }],
    ['not an address', { endpoint: 'push me' }],
    ['an address with credentials', { endpoint: 'https://user:pw@push.example.com/x' }],
    ['a short key', { p256dh: 'BAAA' }],
    ['a short auth secret', { auth: 'AAAAAAAA' }],
    ['a key that is not base64url', { p256dh: `${'B'.repeat(86)}+` }],
    ['a key that is no point on P-256', { p256dh: `B${'A'.repeat(86)}` }],
  ] as Array<[string, { endpoint?: string; p256dh?: string; auth?: string }]>)(
    'refuses %s with a 400 and saves nothing',
    async (_case, change) => {
      const pro = await matchingProfessional(server);
      const sub = pushService.subscribe();
      const body = {
        endpoint: change.endpoint ?? sub.endpoint,
        keys: {
          p256dh: change.p256dh ?? sub.keys.p256dh,
          auth: change.auth ?? sub.keys.auth,
        },
      };
      const res = await pro.client.post('/api/notifications/push/devices', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/notifications cannot be sent/);
      const rows = await server.services.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, pro.userId));
      expect(rows).toEqual([]);
    },
  );

  it('moves an address kept for someone else to the person signing in on that browser', async () => {
    const first = await matchingProfessional(server);
    const second = await signedInPractice(server);
    const { sub } = await subscribe(first);
    const moved = await second.client.post<PushSettingsReply>('/api/notifications/push/devices', {
      endpoint: sub.endpoint,
      keys: sub.keys,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.devices).toHaveLength(1);
    const left = await first.client.get<PushSettingsReply>('/api/notifications/push');
    expect(left.body.devices).toEqual([]);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices, dropping the first added`, async () => {
    const pro = await matchingProfessional(server);
    const subs: FakeSubscription[] = [];
    for (let i = 0; i <= PUSH_DEVICES_MAX; i++) subs.push((await subscribe(pro)).sub);
    const reply = await pro.client.get<PushSettingsReply>('/api/notifications/push');
    expect(reply.body.devices).toHaveLength(PUSH_DEVICES_MAX);
    const hashes = reply.body.devices.map((d) => d.endpointHash);
    const hash = (s: FakeSubscription) => createHash('sha256').update(s.endpoint).digest('hex');
    expect(hashes).not.toContain(hash(subs[0]!));
    expect(hashes).toContain(hash(subs[PUSH_DEVICES_MAX]!));
  });

  it('removes one of my devices; someone else’s or an unknown id is a 404', async () => {
    const pro = await matchingProfessional(server);
    const other = await matchingProfessional(server);
    const { reply } = await subscribe(pro);
    const id = reply.devices[0]!.id;
    expect((await other.client.delete(`/api/notifications/push/devices/${id}`)).status).toBe(404);
    expect((await pro.client.delete('/api/notifications/push/devices/not-an-id')).status).toBe(404);
    const removed = await pro.client.delete(`/api/notifications/push/devices/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.devices).toEqual([]);
    expect((await pro.client.delete(`/api/notifications/push/devices/${id}`)).status).toBe(404);
  });

  it('saves settings per kind; a kind of the other audience is a 400 and saves nothing', async () => {
    const practice = await signedInPractice(server);
    const refused = await practice.client.put('/api/notifications/push/preferences', {
      booking_confirmed: false,
      new_matching_shifts: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty('new_matching_shifts');
    const stored = await server.services.db
      .select()
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, practice.userId));
    expect(stored).toEqual([]);
    expect(
      (await practice.client.put('/api/notifications/push/preferences', { nonsense: true })).status,
    ).toBe(400);

    const saved = await practice.client.put<PushSettingsReply>(
      '/api/notifications/push/preferences',
      { booking_confirmed: false },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.find((p) => p.kind === 'booking_confirmed')!.enabled).toBe(false);
    // The e-mail setting of the kind is its own.
    const email = await practice.client.get('/api/notifications/email-preferences');
    expect(
      email.body.preferences.find((p: { kind: string }) => p.kind === 'booking_confirmed').enabled,
    ).toBe(true);
  });
});

describe('pushes', () => {
  it('a booking pushes the bell entry to every device of each side, unless the kind is off', async () => {
    const practice = await signedInPractice(server, 'Push Dental');
    const pro = await matchingProfessional(server, { firstName: 'Avery', lastName: 'Lane' });
    const phone = (await subscribe(pro)).sub;
    const laptop = (await subscribe(pro)).sub;
    const office = (await subscribe(practice)).sub;
    await practice.client.put('/api/notifications/push/preferences', { booking_confirmed: false });

    const shift = await postShift(server, practice.practiceId);
    await book(pro, shift.id);

    const [entry] = await bellEntries(server, pro.userId, 'booking_confirmed');
    for (const sub of [phone, laptop]) {
      const [push] = await pushService.waitForPushes(sub.id, 1);
      expect(push!.payload).toEqual({
        title: entry!.title,
        body: entry!.body,
        url: '/hygienist-portal/schedule',
        tag: entry!.id,
      });
      expect(push!.vapidKey).toBe(server.services.env.vapidKeys!.publicKey);
      expect(push!.claims.aud).toBe(pushService.url);
      expect(push!.claims.sub).toBe(`mailto:${server.services.env.contactEmail}`);
      expect(push!.ttl).toBe(86_400);
      expect(push!.urgency).toBe('high');
      expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    // The practice's bell has the booking; its device got nothing of that kind.
    expect(await bellEntries(server, practice.userId, 'booking_confirmed')).toHaveLength(1);
    expect(await outboxFor(office)).toEqual([]);
    const rows = await until(
      () => outboxFor(phone),
      (r) => r.every((row) => row.status === 'sent'),
    );
    expect(rows).toHaveLength(1);
    const device = await pro.client.get<PushSettingsReply>('/api/notifications/push');
    expect(device.body.devices.every((d) => d.lastSentAt !== null)).toBe(true);
  });

  it('a notice delivered twice (a job run again) is pushed once', async () => {
    const pro = await matchingProfessional(server);
    const { sub } = await subscribe(pro);
    const message = {
      userId: pro.userId,
      kind: 'shift_reminder' as const,
      dedupeKey: `test-reminder:${pro.userId}`,
      compose: (recipient: Parameters<typeof composeNotice>[0]) =>
        composeNotice(recipient, server.services.env.publicUrl, {
          title: 'Reminder: Hygienist shift tomorrow',
          body: 'Your shift starts at 8:00 AM.',
          paragraphs: ['Your shift starts at 8:00 AM.'],
          linkPath: `${recipient.portalPath}/schedule`,
          actionLabel: 'Open my schedule',
        }),
    };
    const first = await deliverNotifications(server.services.db, [message]);
    const second = await deliverNotifications(server.services.db, [message]);
    expect(first).toMatchObject({ notifications: 1, pushes: 1 });
    expect(second).toMatchObject({ notifications: 0, pushes: 0 });
    const [push] = await pushService.waitForPushes(sub.id, 1);
    expect(push!.payload.title).toBe('Reminder: Hygienist shift tomorrow');
    expect(await outboxFor(sub)).toHaveLength(1);
  });

  it('forgets a device the push service says is gone (410), with what was queued for it', async () => {
    const pro = await matchingProfessional(server);
    const practice = await signedInPractice(server);
    const { sub } = await subscribe(pro);
    pushService.answerWith(sub.id, 410);
    await book(pro, (await postShift(server, practice.practiceId, { daysAhead: 3 })).id);
    await until(
      () =>
        server.services.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, sub.endpoint)),
      (rows) => rows.length === 0,
    );
    expect(pushService.refused.filter((r) => r.subscriptionId === sub.id)).toEqual([
      expect.objectContaining({ status: 410 }),
    ]);
    expect(await outboxFor(sub)).toEqual([]);
    const settings = await pro.client.get<PushSettingsReply>('/api/notifications/push');
    expect(settings.body.devices).toEqual([]);
  });

  it('tries again later after a server error, and sends once it is taken', async () => {
    const pro = await matchingProfessional(server);
    const practice = await signedInPractice(server);
    const { sub } = await subscribe(pro);
    pushService.answerWith(sub.id, 500);
    await book(pro, (await postShift(server, practice.practiceId, { daysAhead: 4 })).id);
    const [failed] = await until(
      () => outboxFor(sub),
      (rows) => rows[0]?.attempts === 1 && rows[0].status === 'queued',
    );
    expect(failed!.lastError).toMatch(/500/);
    expect(pushService.received.filter((p) => p.subscriptionId === sub.id)).toEqual([]);
    // Its next try is due (the growing delay passed).
    await server.services.db.execute(
      sql`update push_outbox set next_attempt_at = now() where dedupe_key = ${failed!.dedupeKey}`,
    );
    await pushService.waitForPushes(sub.id, 1);
    const [sent] = await until(
      () => outboxFor(sub),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(sent!.attempts).toBe(2);
  });

  it('fails at once a push the service refuses for good (400), keeping the device', async () => {
    const pro = await matchingProfessional(server);
    const practice = await signedInPractice(server);
    const { sub } = await subscribe(pro);
    pushService.answerWith(sub.id, 400);
    await book(pro, (await postShift(server, practice.practiceId, { daysAhead: 5 })).id);
    const [failed] = await until(
      () => outboxFor(sub),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(failed!.attempts).toBe(1);
    expect(
      await server.services.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(1);
  });
});

describe('message pushes', () => {
  async function bookedPair(day: number) {
    const practice = await signedInPractice(server, 'Harbor Dental Care');
    const pro = await matchingProfessional(server, { firstName: 'Alice', lastName: 'Moss' });
    const shift = await postShift(server, practice.practiceId, { daysAhead: day });
    await book(pro, shift.id);
    return { practice, pro, shiftId: shift.id };
  }

  it('pushes a new message to the other side at once, with its first 100 characters', async () => {
    // Booked before their devices were added: only messages reach them.
    const { practice, pro, shiftId } = await bookedPair(6);
    const { sub } = await subscribe(pro);
    const office = (await subscribe(practice)).sub;
    const text = `Parking is behind the building.   ${'x'.repeat(120)}`;
    const sent = await practice.client.post(
      `/api/practice/shifts/${shiftId}/conversations/${pro.professionalId}/messages`,
      { body: text },
    );
    expect(sent.status).toBe(201);
    const [message] = await pushService.waitForPushes(sub.id, 1);
    expect(message!.payload).toEqual({
      title: 'New message from Harbor Dental Care',
      body: `${'Parking is behind the building. '}${'x'.repeat(68)}…`,
      url: `/hygienist-portal/messages/${shiftId}`,
      tag: `conversation:${shiftId}:${pro.professionalId}`,
    });
    expect(message!.payload.body).toHaveLength(101);

    // The answer goes to the practice's devices, from the professional's name.
    await pro.client.post(`/api/professional/shifts/${shiftId}/conversation/messages`, {
      body: 'Thanks, see you then',
    });
    const [reply] = await pushService.waitForPushes(office.id, 1);
    expect(reply!.payload).toMatchObject({
      title: 'New message from Alice Moss',
      body: 'Thanks, see you then',
      url: `/practice-portal/messages/${shiftId}/${pro.professionalId}`,
    });
  });

  it('pushes no message to someone who turned message pushes off, nor again with the e-mail', async () => {
    const { practice, pro, shiftId } = await bookedPair(7);
    const { sub } = await subscribe(pro);
    await pro.client.put('/api/notifications/push/preferences', { message: false });
    await practice.client.post(
      `/api/practice/shifts/${shiftId}/conversations/${pro.professionalId}/messages`,
      { body: 'Hello' },
    );
    const office = (await subscribe(practice)).sub;
    await pro.client.post(`/api/professional/shifts/${shiftId}/conversation/messages`, {
      body: 'Hi there',
    });
    await pushService.waitForPushes(office.id, 1);
    // The practice's message was never queued for the professional's device.
    expect(await outboxFor(sub)).toEqual([]);

    // Fifteen minutes later the unread message is e-mailed (the bell already counts it): not
    // pushed again.
    const before = (await outboxFor(office)).length;
    await messageEmailsJob.run(server.services, new Date(Date.now() + 16 * 60_000));
    expect(await emailsTo(server, practice.email)).not.toHaveLength(0);
    expect(await bellEntries(server, practice.userId, 'message')).toHaveLength(0);
    expect(await outboxFor(office)).toHaveLength(before);
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and read back; the environment’s pair wins', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-vapid-'));
    try {
      const first = vapidKeysFor({ dataDir, vapidKeys: undefined });
      expect(vapidKeysFor({ dataDir, vapidKeys: undefined })).toEqual(first);
      const given = { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43) };
      expect(vapidKeysFor({ dataDir, vapidKeys: given })).toBe(given);
      expect(() => loadEnv({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: first.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY is required when the other VAPID key is set/,
      );
      expect(() =>
        loadEnv({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'short' }),
      ).toThrow(/VAPID_PUBLIC_KEY must be a P-256 public key/);
      const env = loadEnv({
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: first.publicKey,
        VAPID_PRIVATE_KEY: first.privateKey,
        VAPID_SUBJECT: 'https://chairfill.example.com/contact',
      });
      expect(env.vapidKeys).toEqual(first);
      expect(env.vapidSubject).toBe('https://chairfill.example.com/contact');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a push without waiting for the poll', () => {
  it('goes out as soon as its message is committed (the database announces it)', async () => {
    const slow = await startTestServer({ PUSH_POLL_MS: '600000' });
    try {
      const practice = await signedInPractice(slow, 'Quick Dental');
      const pro = await matchingProfessional(slow);
      const shift = await postShift(slow, practice.practiceId, { daysAhead: 3 });
      await book(pro, shift.id);
      const sub = pushService.subscribe();
      expect(
        (
          await pro.client.post('/api/notifications/push/devices', {
            endpoint: sub.endpoint,
            keys: sub.keys,
          })
        ).status,
      ).toBe(200);
      await practice.client.post(
        `/api/practice/shifts/${shift.id}/conversations/${pro.professionalId}/messages`,
        { body: 'Are you free earlier?' },
      );
      const [push] = await pushService.waitForPushes(sub.id, 1, 3000);
      expect(push!.payload.title).toBe('New message from Quick Dental');
    } finally {
      await slow.stop();
    }
  });
});
