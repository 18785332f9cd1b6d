/**
 * Text messages (SMS): a person confirms a mobile number with a texted code, then gets texts for
 * booking confirmations, cancellations and the day-before reminder; STOP from the number stops
 * them. The server sends through the real `twilio` client to a local server that speaks
 * Twilio's REST API (test/support/twilio-test-server.ts), and, without Twilio, saves texts to
 * the development mailbox.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TextMessageSettingsReply } from '../../src/shared/marketplace/text-message-replies';
import { textMessageErrors, textMessageTexts } from '../../src/shared/marketplace/text-messages';
import { queryRows } from '../../src/server/db/client';
import { notifications, smsOutbox, smsPhones } from '../../src/server/db/schema';
import { deliverNotifications } from '../../src/server/notifications/deliver-notifications';
import { composeNotice } from '../../src/server/notifications/marketplace-messages';
import { noticeText } from '../../src/server/sms/notification-texts';
import { enqueueTexts } from '../../src/server/sms/sms-outbox';
import { SmsProviderError } from '../../src/server/sms/sms-provider';
import { createTwilioSmsProvider } from '../../src/server/sms/twilio-sms-provider';
import {
  book,
  matchingProfessional,
  postShift,
  signedInPractice,
  type Person,
} from '../support/notification-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { startTwilioTestServer, type TwilioTestServer } from '../support/twilio-test-server';

let twilio: TwilioTestServer;
let server: TestServer;
let numberCount = 0;

beforeAll(async () => {
  twilio = await startTwilioTestServer();
  server = await startTestServer({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
    SMS_POLL_MS: '100',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await twilio?.close();
});

beforeEach(() => twilio.clearFailures());

/** A fresh US mobile number, as typed and as E.164. */
function newNumber(): { typed: string; e164: string } {
  numberCount += 1;
  const line = String(1000 + numberCount).padStart(4, '0');
  return { typed: `(201) 555-${line}`, e164: `+1201555${line}` };
}

async function waitFor<T>(
  read: () => Promise<T | undefined>,
  what: string,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest confirmation code texted to `to`, as the local Twilio server received it. */
async function codeTextedTo(to: string, after = 0): Promise<string> {
  return waitFor(async () => {
    const texts = twilio.messages.filter((m) => m.to === to).slice(after);
    const match = texts.length ? /(\d{6}) is your code/.exec(texts.at(-1)!.body) : null;
    return match?.[1];
  }, `a code texted to ${to}`);
}

async function phoneRow(userId: string) {
  const [row] = await server.services.db
    .select()
    .from(smsPhones)
    .where(eq(smsPhones.userId, userId));
  return row;
}

async function outboxTo(to: string) {
  return server.services.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, to));
}

/** Lets the next code be asked for now (the last one was sent two minutes ago). */
async function ageLastCode(userId: string) {
  await server.services.db
    .update(smsPhones)
    .set({ codeSentAt: sql`code_sent_at - interval '2 minutes'` })
    .where(eq(smsPhones.userId, userId));
}

/** Sets a number and confirms it with the code texted to it, through the API. */
async function confirmNumber(person: Person, number = newNumber()) {
  const before = twilio.messages.filter((m) => m.to === number.e164).length;
  const sent = await person.client.put<TextMessageSettingsReply>('/api/notifications/sms/phone', {
    phone: number.typed,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await codeTextedTo(number.e164, before);
  const confirmed = await person.client.post<TextMessageSettingsReply>(
    '/api/notifications/sms/confirm',
    { code },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return number;
}

async function settings(person: Person) {
  const res = await person.client.get<TextMessageSettingsReply>('/api/notifications/sms');
  expect(res.status).toBe(200);
  return res.body;
}

function inboundUrl(): string {
  return `${server.services.env.publicUrl}/api/sms/inbound`;
}

/** Posts an inbound text as Twilio does: form-encoded, signed unless told otherwise. */
async function inbound(params: Record<string, string>, signature?: string) {
  const body = new URLSearchParams(params).toString();
  return fetch(inboundUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.sign(inboundUrl(), params),
    },
    body,
  });
}

function inboundText(from: string, text: string): Record<string, string> {
  return {
    AccountSid: twilio.accountSid,
    ApiVersion: '2010-04-01',
    Body: text,
    From: from,
    FromCountry: 'US',
    MessageSid: `SM${'0'.repeat(31)}${numberCount}`,
    NumMedia: '0',
    NumSegments: '1',
    SmsStatus: 'received',
    To: twilio.from,
  };
}

describe('confirming a number', () => {
  it('offers the profile phone, texts a 6-digit code through Twilio, refuses a wrong one and confirms the right one', async () => {
    const pro = await matchingProfessional(server);
    const empty = await settings(pro);
    expect(empty).toEqual({
      phone: null,
      suggestedPhone: '(732) 555-0188',
      status: 'none',
      enabled: false,
      optedOut: false,
      code: null,
    });

    const number = newNumber();
    const sent = await pro.client.put<TextMessageSettingsReply>('/api/notifications/sms/phone', {
      phone: `+1 ${number.typed}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ phone: number.typed, status: 'pending', optedOut: false });
    expect(sent.body.code!.triesLeft).toBe(5);
    const expiresIn = Date.parse(sent.body.code!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    const code = await codeTextedTo(number.e164);
    const text = twilio.messages.find((m) => m.to === number.e164)!;
    expect(text.from).toBe(twilio.from);
    expect(text.body).toBe(textMessageTexts.codeText(code));
    const request = twilio.requests.find((r) => r.body.To === number.e164)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      authenticated: true,
    });
    // Only the code's hash is kept.
    const row = await phoneRow(pro.userId);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // The card learns that the text went out.
    await waitFor(
      async () => ((await settings(pro)).code?.delivery === 'sent' ? true : undefined),
      'sent',
    );
    const [outbox] = await outboxTo(number.e164);
    expect(outbox!.providerId).toBe(text.sid);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await pro.client.post('/api/notifications/sms/confirm', { code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(textMessageErrors.wrongCode(4));
    expect(refused.body.error.fields).toEqual({ code: textMessageErrors.wrongCode(4) });
    expect((await settings(pro)).code!.triesLeft).toBe(4);

    const confirmed = await pro.client.post<TextMessageSettingsReply>(
      '/api/notifications/sms/confirm',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      phone: number.typed,
      suggestedPhone: '',
      status: 'confirmed',
      enabled: true,
      optedOut: false,
      code: null,
    });
    const after = await phoneRow(pro.userId);
    expect(after).toMatchObject({ phone: number.e164, codeHash: null, codeAttempts: 0 });
    expect(after!.confirmedAt).not.toBeNull();
    // A used code does not work again, and the same number needs no second code.
    const again = await pro.client.post('/api/notifications/sms/confirm', { code });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(textMessageErrors.alreadyConfirmed);
    const same = await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(textMessageErrors.alreadyConfirmed);
  });

  it("offers a practice's office phone", async () => {
    const practice = await signedInPractice(server);
    const reply = await settings(practice);
    expect(reply.status).toBe('none');
    expect(reply.suggestedPhone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });

  it('voids a code after 5 wrong tries, and refuses an expired one', async () => {
    const pro = await matchingProfessional(server);
    const number = newNumber();
    await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    const code = await codeTextedTo(number.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1, 0]) {
      const res = await pro.client.post('/api/notifications/sms/confirm', { code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(textMessageErrors.wrongCode(left));
    }
    const usedUp = await pro.client.post('/api/notifications/sms/confirm', { code });
    expect(usedUp.status).toBe(409);
    expect(usedUp.body.error.message).toBe(textMessageErrors.tooManyTries);
    expect((await phoneRow(pro.userId))!.confirmedAt).toBeNull();

    // A new code starts again; once it expires it is refused and changes nothing.
    await ageLastCode(pro.userId);
    const before = twilio.messages.filter((m) => m.to === number.e164).length;
    expect(
      (await pro.client.put('/api/notifications/sms/phone', { phone: number.typed })).status,
    ).toBe(200);
    const fresh = await codeTextedTo(number.e164, before);
    await server.services.db
      .update(smsPhones)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsPhones.userId, pro.userId));
    const stored = await phoneRow(pro.userId);
    const expired = await pro.client.post('/api/notifications/sms/confirm', { code: fresh });
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toBe(textMessageErrors.codeExpired);
    expect(await phoneRow(pro.userId)).toEqual(stored);
  });

  it('sends a new code at most once a minute and a few an hour, per person and per number', async () => {
    const pro = await matchingProfessional(server);
    const number = newNumber();
    expect(
      (await pro.client.put('/api/notifications/sms/phone', { phone: number.typed })).status,
    ).toBe(200);
    const stored = await phoneRow(pro.userId);
    const soon = await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    expect(soon.status).toBe(429);
    expect(soon.body.error.message).toBe(textMessageErrors.waitBeforeResend);
    // Another number does not get around the minute either; nothing changed.
    const other = await pro.client.put('/api/notifications/sms/phone', {
      phone: newNumber().typed,
    });
    expect(other.status).toBe(429);
    expect(await phoneRow(pro.userId)).toEqual(stored);

    for (let sent = 2; sent <= 5; sent += 1) {
      await ageLastCode(pro.userId);
      const res = await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
      expect(res.status, `code ${sent}`).toBe(200);
    }
    await ageLastCode(pro.userId);
    const sixth = await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(textMessageErrors.tooManyCodes);
    await waitFor(
      async () =>
        (await outboxTo(number.e164)).every((row) => row.status === 'sent') ? true : undefined,
      'five codes sent',
    );
    expect(await outboxTo(number.e164)).toHaveLength(5);

    // Someone else cannot keep texting that number from another account either.
    const stranger = await matchingProfessional(server);
    const res = await stranger.client.put('/api/notifications/sms/phone', {
      phone: number.typed,
    });
    expect(res.status).toBe(429);
    expect(await phoneRow(stranger.userId)).toBeUndefined();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const pro = await matchingProfessional(server);
    for (const [body, message] of [
      [{ phone: '' }, textMessageErrors.phoneRequired],
      [{ phone: '555-0100' }, textMessageErrors.invalidPhone],
      [{ phone: '(123) 555-0100' }, textMessageErrors.invalidPhone],
      [{ phone: '+44 20 7946 0958' }, textMessageErrors.invalidPhone],
      [{ phone: 12015550100 }, textMessageErrors.phoneRequired],
      [{}, textMessageErrors.phoneRequired],
    ] as const) {
      const res = await pro.client.put('/api/notifications/sms/phone', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.phone).toBe(message);
    }
    expect(await phoneRow(pro.userId)).toBeUndefined();
    const noCode = await pro.client.post('/api/notifications/sms/confirm', { code: '123456' });
    expect(noCode.status).toBe(409);
    expect(noCode.body.error.message).toBe(textMessageErrors.noCode);
    for (const code of ['12345', '1234567', 'abcdef', '', 123456]) {
      const res = await pro.client.post('/api/notifications/sms/confirm', { code });
      expect(res.status, String(code)).toBe(400);
      expect(res.body.error.fields.code).toBe(textMessageErrors.codeRequired);
    }
    const notYet = await pro.client.patch('/api/notifications/sms', { enabled: false });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.message).toBe(textMessageErrors.confirmFirst);
    const notBoolean = await pro.client.patch('/api/notifications/sms', { enabled: 'no' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error.fields.enabled).toBe(textMessageErrors.enabledRequired);
    expect(await phoneRow(pro.userId)).toBeUndefined();
  });

  it('a new number needs its own code: the old one stops getting texts', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const first = await confirmNumber(pro);
    await ageLastCode(pro.userId);
    const second = newNumber();
    const changed = await pro.client.put<TextMessageSettingsReply>('/api/notifications/sms/phone', {
      phone: second.typed,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ phone: second.typed, status: 'pending' });
    await codeTextedTo(second.e164);
    // A booking now texts neither number.
    await book(pro, (await postShift(server, practice.practiceId)).id);
    const kinds = await server.services.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, pro.userId));
    expect(kinds.map((k) => k.kind)).toContain('booking_confirmed');
    expect((await outboxTo(first.e164)).filter((t) => !t.dedupeKey!.startsWith('code:'))).toEqual(
      [],
    );
    expect((await outboxTo(second.e164)).filter((t) => !t.dedupeKey!.startsWith('code:'))).toEqual(
      [],
    );
  });

  it('switches texts off and on, and removes the number', async () => {
    const pro = await matchingProfessional(server);
    const number = await confirmNumber(pro);
    const off = await pro.client.patch<TextMessageSettingsReply>('/api/notifications/sms', {
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'confirmed', enabled: false });
    const on = await pro.client.patch<TextMessageSettingsReply>('/api/notifications/sms', {
      enabled: true,
    });
    expect(on.body.enabled).toBe(true);
    expect((await pro.client.delete('/api/notifications/sms/phone')).status).toBe(204);
    expect((await settings(pro)).status).toBe('none');
    expect(await phoneRow(pro.userId)).toBeUndefined();
    // Removing again is harmless; the number can be added again.
    expect((await pro.client.delete('/api/notifications/sms/phone')).status).toBe(204);
    await confirmNumber(pro, number);
  });
});

describe('texts for notices', () => {
  it('texts a booking confirmation to each side with a confirmed number, once, ending with STOP', async () => {
    const practice = await signedInPractice(server, 'Textwell Dental');
    const pro = await matchingProfessional(server, { firstName: 'Rae', lastName: 'Okafor' });
    const proNumber = await confirmNumber(pro);
    const practiceNumber = await confirmNumber(practice);
    const shift = await postShift(server, practice.practiceId);
    await book(pro, shift.id);

    const [bell] = await server.services.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, pro.userId), eq(notifications.kind, 'booking_confirmed')),
      );
    const text = await waitFor(
      async () => twilio.messages.find((m) => m.to === proNumber.e164 && m.body.includes('booked')),
      'the booking text',
    );
    expect(text.body).toBe(
      noticeText({
        title: bell!.title,
        body: bell!.body,
        linkUrl: `${server.services.env.publicUrl}/hygienist-portal/schedule`,
      }),
    );
    expect(text.body.startsWith(`ChairFill: ${bell!.title}\n`)).toBe(true);
    expect(text.body.endsWith('/hygienist-portal/schedule\nReply STOP to opt out.')).toBe(true);
    const practiceText = await waitFor(
      async () =>
        twilio.messages.find((m) => m.to === practiceNumber.e164 && m.body.includes('Rae Okafor')),
      "the practice's text",
    );
    expect(practiceText.body).toContain('/practice-portal/staffing-requests');
    const [queued] = (await outboxTo(proNumber.e164)).filter((t) =>
      t.dedupeKey!.startsWith('notice:'),
    );
    expect(queued!.dedupeKey).toBe(`notice:${bell!.id}`);
    expect(queued!.userId).toBe(pro.userId);
  });

  it('texts a cancellation, and only the three kinds: not an application or a message', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const practiceNumber = await confirmNumber(practice);
    const requestShift = await postShift(server, practice.practiceId, {
      bookingMode: 'review',
      daysAhead: 4,
    });
    expect(
      (await pro.client.post(`/api/professional/shifts/${requestShift.id}/apply`)).status,
    ).toBe(201);
    const instant = await postShift(server, practice.practiceId, { daysAhead: 5 });
    const booking = await book(pro, instant.id);
    const cancelled = await pro.client.post(`/api/professional/bookings/${booking.id}/cancel`, {
      reason: 'Family emergency.',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const bells = await server.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, practice.userId));
    const kinds = bells.map((b) => b.kind).sort();
    expect(kinds).toEqual(
      expect.arrayContaining(['application_received', 'booking_confirmed', 'booking_cancelled']),
    );
    await waitFor(
      async () =>
        (await outboxTo(practiceNumber.e164)).filter(
          (t) => t.dedupeKey!.startsWith('notice:') && t.status === 'sent',
        ).length === 2
          ? true
          : undefined,
      'two notice texts sent',
    );
    const noticeKeys = (await outboxTo(practiceNumber.e164))
      .filter((t) => t.dedupeKey!.startsWith('notice:'))
      .map((t) => t.dedupeKey);
    const textedKinds = bells
      .filter((b) => noticeKeys.includes(`notice:${b.id}`))
      .map((b) => b.kind)
      .sort();
    expect(textedKinds).toEqual(['booking_cancelled', 'booking_confirmed']);
    const cancelText = twilio.messages.find(
      (m) => m.to === practiceNumber.e164 && m.body.includes('cancelled'),
    )!;
    expect(cancelText.body).toContain('Reason: Family emergency.');
    expect(cancelText.body.endsWith(textMessageTexts.stopFooter)).toBe(true);
  });

  it('texts the day-before reminder once, however often the job runs', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const number = await confirmNumber(pro);
    const shift = await postShift(server, practice.practiceId, { daysAhead: 6 });
    await book(pro, shift.id);
    const at = new Date(Date.parse(shift.startTime) - 12 * 60 * 60_000).toISOString();
    for (let run = 0; run < 2; run += 1) {
      const res = await server.client().post('/api/dev/jobs/run', { now: at });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const reminders = await waitFor(async () => {
      const found = twilio.messages.filter(
        (m) => m.to === number.e164 && m.body.startsWith('ChairFill: Reminder:'),
      );
      return found.length > 0 ? found : undefined;
    }, 'the reminder text');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      twilio.messages.filter((m) => m.to === number.e164 && m.body.includes('Reminder')),
    ).toEqual(reminders);
    expect(reminders).toHaveLength(1);
  });

  it('texts no one whose number is pending, switched off or stopped, and dedupes a repeated delivery', async () => {
    const pending = await matchingProfessional(server);
    const switchedOff = await matchingProfessional(server);
    const stopped = await matchingProfessional(server);
    const on = await matchingProfessional(server);
    const pendingNumber = newNumber();
    await pending.client.put('/api/notifications/sms/phone', { phone: pendingNumber.typed });
    await codeTextedTo(pendingNumber.e164);
    await confirmNumber(switchedOff);
    await switchedOff.client.patch('/api/notifications/sms', { enabled: false });
    const stoppedNumber = await confirmNumber(stopped);
    expect((await inbound(inboundText(stoppedNumber.e164, 'STOP'))).status).toBe(200);
    const onNumber = await confirmNumber(on);

    const { publicUrl } = server.services.env;
    const deliver = () =>
      server.services.db.transaction((tx) =>
        deliverNotifications(
          tx,
          [pending, switchedOff, stopped, on].flatMap((person) => [
            {
              userId: person.userId,
              kind: 'booking_cancelled' as const,
              dedupeKey: `sms-test:${person.userId}`,
              compose: (recipient: Parameters<typeof composeNotice>[0]) =>
                composeNotice(recipient, publicUrl, {
                  title: 'Bright Dental cancelled the Hygienist shift on Tue, Dec 12',
                  body: 'It is no longer on your schedule.',
                  linkPath: '/hygienist-portal/find-shifts',
                  actionLabel: 'Find shifts',
                }),
            },
            {
              userId: person.userId,
              kind: 'timesheet_update' as const,
              compose: (recipient: Parameters<typeof composeNotice>[0]) =>
                composeNotice(recipient, publicUrl, {
                  title: 'Your timesheet was approved',
                  body: 'Approved.',
                  linkPath: '/hygienist-portal/earnings',
                  actionLabel: 'Open earnings',
                }),
            },
          ]),
        ),
      );
    await deliver();
    await deliver();
    const notices = await queryRows<{ to_phone: string; user_id: string }>(
      server.services.db,
      sql`select to_phone, user_id from sms_outbox where dedupe_key like 'notice:%'
          and user_id in (${sql.join(
            [pending, switchedOff, stopped, on].map((p) => sql`${p.userId}`),
            sql`, `,
          )})`,
    );
    expect(notices).toEqual([{ to_phone: onNumber.e164, user_id: on.userId }]);
  });
});

describe('delivery through Twilio', () => {
  it('tries again after a failure Twilio can recover from', async () => {
    const pro = await matchingProfessional(server);
    const number = newNumber();
    twilio.failFor(number.e164, { status: 503, code: 20503, message: 'Service unavailable' });
    await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    const [failed] = await waitFor(async () => {
      const rows = await outboxTo(number.e164);
      return rows[0]?.attempts === 1 && rows[0].status === 'queued' ? rows : undefined;
    }, 'a failed first try');
    expect(failed!.lastError).toBe('Twilio refused the text (code 20503, HTTP 503)');
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await settings(pro)).code!.delivery).toBe('sending');

    twilio.clearFailures();
    await server.services.db
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(smsOutbox.id, failed!.id));
    const code = await codeTextedTo(number.e164);
    const [sent] = await waitFor(async () => {
      const rows = await outboxTo(number.e164);
      return rows[0]?.status === 'sent' ? rows : undefined;
    }, 'the second try');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect((await pro.client.post('/api/notifications/sms/confirm', { code })).status).toBe(200);
  });

  it('gives up at once on an invalid number, and records STOP when Twilio says the number unsubscribed', async () => {
    const pro = await matchingProfessional(server);
    const invalid = newNumber();
    twilio.failFor(invalid.e164, {
      status: 400,
      code: 21211,
      message: `The 'To' number ${invalid.e164} is not a valid phone number.`,
    });
    await pro.client.put('/api/notifications/sms/phone', { phone: invalid.typed });
    const [failed] = await waitFor(async () => {
      const rows = await outboxTo(invalid.e164);
      return rows[0]?.status === 'failed' ? rows : undefined;
    }, 'a failed text');
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed!.lastError).not.toContain(invalid.e164);
    expect((await settings(pro)).code!.delivery).toBe('failed');

    const other = await matchingProfessional(server);
    const unsubscribed = newNumber();
    twilio.failFor(unsubscribed.e164, {
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    await other.client.put('/api/notifications/sms/phone', { phone: unsubscribed.typed });
    await waitFor(
      async () => ((await settings(other)).optedOut ? true : undefined),
      'the opt-out recorded',
    );
    const [row] = await outboxTo(unsubscribed.e164);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await settings(other)).code!.delivery).toBe('failed');
  });

  it('does not send a queued text once the number was switched off', async () => {
    const pro = await matchingProfessional(server);
    const number = await confirmNumber(pro);
    await pro.client.patch('/api/notifications/sms', { enabled: false });
    const sentBefore = twilio.messages.length;
    await enqueueTexts(server.services.db, [
      { userId: pro.userId, to: number.e164, body: 'ChairFill: test', dedupeKey: 'late-text-1' },
    ]);
    const row = await waitFor(async () => {
      const [found] = await server.services.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.dedupeKey, 'late-text-1'));
      return found?.status === 'failed' ? found : undefined;
    }, 'the text refused');
    expect(row.lastError).toMatch(/^Not sent/);
    expect(twilio.messages.length).toBe(sentBefore);
  });

  it('the adapter reads Twilio errors: codes, permanence, wrong credentials', async () => {
    const provider = createTwilioSmsProvider({
      accountSid: twilio.accountSid,
      authToken: 'not-the-token',
      sender: { from: twilio.from },
      apiUrl: twilio.url,
    });
    const error = await provider.send({ to: '+12015550999', body: 'Hello' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmsProviderError);
    expect((error as SmsProviderError).options).toMatchObject({ code: 20003, permanent: false });

    const service = createTwilioSmsProvider({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      sender: { messagingServiceSid: `MG${'a'.repeat(32)}` },
      apiUrl: twilio.url,
    });
    const { providerId } = await service.send({ to: '+12015550998', body: 'Hello' });
    const request = twilio.requests.at(-1)!;
    expect(request.body).toEqual({
      To: '+12015550998',
      Body: 'Hello',
      MessagingServiceSid: `MG${'a'.repeat(32)}`,
    });
    expect(twilio.messages.at(-1)!.sid).toBe(providerId);

    const closed = createTwilioSmsProvider({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      sender: { from: twilio.from },
      apiUrl: 'http://127.0.0.1:9',
    });
    const unreachable = await closed.send({ to: '+12015550997', body: 'Hi' }).then(
      () => null,
      (e: unknown) => e as SmsProviderError,
    );
    expect(unreachable?.message).toMatch(/^Twilio could not be reached/);
    expect(unreachable?.permanent).toBe(false);
  });
});

describe('replies: STOP and START', () => {
  it('STOP opts the number out for everyone who gave it; START brings it back; TwiML answers', async () => {
    const practice = await signedInPractice(server);
    const a = await matchingProfessional(server);
    const b = await matchingProfessional(server);
    const number = await confirmNumber(a);
    await confirmNumber(b, number);

    const stop = await inbound(inboundText(number.e164, '  stop '));
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect((await settings(a)).optedOut).toBe(true);
    expect((await settings(b)).optedOut).toBe(true);
    // No text goes to it, and no code can be asked for it.
    await book(a, (await postShift(server, practice.practiceId, { daysAhead: 7 })).id);
    expect((await outboxTo(number.e164)).filter((t) => t.dedupeKey!.startsWith('notice:'))).toEqual(
      [],
    );
    const c = await matchingProfessional(server);
    const refused = await c.client.put('/api/notifications/sms/phone', { phone: number.typed });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(textMessageErrors.numberOptedOut);

    for (const word of ['UNSUBSCRIBE', 'Cancel', 'END', 'quit', 'STOPALL']) {
      await inbound(inboundText(number.e164, 'START'));
      expect((await settings(a)).optedOut).toBe(false);
      expect((await inbound(inboundText(number.e164, word))).status).toBe(200);
      expect((await settings(a)).optedOut, word).toBe(true);
    }
    // Anything else changes nothing.
    expect((await inbound(inboundText(number.e164, 'Thanks, see you Tuesday'))).status).toBe(200);
    expect((await settings(a)).optedOut).toBe(true);

    expect((await inbound(inboundText(number.e164, 'Yes'))).status).toBe(200);
    expect((await settings(a)).optedOut).toBe(false);
    expect((await settings(b)).optedOut).toBe(false);
    await book(a, (await postShift(server, practice.practiceId, { daysAhead: 8 })).id);
    await waitFor(
      async () =>
        (await outboxTo(number.e164)).some((t) => t.dedupeKey!.startsWith('notice:'))
          ? true
          : undefined,
      'texts again after START',
    );
  });

  it("uses Twilio's own reading of the keyword (OptOutType) when it sends one", async () => {
    const pro = await matchingProfessional(server);
    const number = await confirmNumber(pro);
    const params = { ...inboundText(number.e164, 'arrêt'), OptOutType: 'STOP' };
    expect((await inbound(params)).status).toBe(200);
    expect((await settings(pro)).optedOut).toBe(true);
  });

  it('refuses an unsigned, forged or re-addressed request with 403 and changes nothing', async () => {
    const pro = await matchingProfessional(server);
    const number = await confirmNumber(pro);
    const params = inboundText(number.e164, 'STOP');
    const forged = twilio.sign(inboundUrl(), params, 'someone-elses-token');
    expect((await inbound(params, forged)).status).toBe(403);
    expect((await inbound(params, '')).status).toBe(403);
    // A signature over other fields (the body changed on the way) does not carry over.
    const other = twilio.sign(inboundUrl(), { ...params, Body: 'hello' });
    expect((await inbound(params, other)).status).toBe(403);
    const elsewhere = twilio.sign('https://elsewhere.example.com/api/sms/inbound', params);
    const res = await inbound(params, elsewhere);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'bad_signature' } });
    const json = await fetch(inboundUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-twilio-signature': twilio.sign(inboundUrl(), params),
      },
      body: JSON.stringify(params),
    });
    expect(json.status).toBe(403);
    expect((await settings(pro)).optedOut).toBe(false);
  });
});

describe('without Twilio', () => {
  let sandbox: TestServer;
  beforeAll(async () => {
    // No polling to speak of: a text goes out because its commit announced it.
    sandbox = await startTestServer({ SMS_POLL_MS: '600000' });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('saves each text to the development mailbox, where the code can be read, and receives nothing', async () => {
    expect(sandbox.services.sms.name).toBe('sandbox');
    const pro = await matchingProfessional(sandbox);
    const number = newNumber();
    const sent = await pro.client.put('/api/notifications/sms/phone', { phone: number.typed });
    expect(sent.status).toBe(200);
    const saved = await waitFor(async () => {
      const res = await sandbox.client().get('/api/dev/mail');
      return (
        res.body.messages as Array<{ to: string; subject: string; text: string; from: string }>
      ).find((m) => m.to === number.e164);
    }, 'the saved text');
    expect(saved.subject).toBe(`Text message to ${number.typed}`);
    expect(saved.from).toBe('ChairFill text message');
    const code = /(\d{6}) is your code/.exec(saved.text)![1]!;
    const page = await fetch(`${sandbox.url}/dev/mailbox`);
    expect(await page.text()).toContain(`Text message to ${number.typed}`);
    expect((await pro.client.post('/api/notifications/sms/confirm', { code })).status).toBe(200);
    const [row] = await sandbox.services.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, number.e164));
    expect(row!.providerId).toMatch(/^sandbox-/);

    const params = inboundText(number.e164, 'STOP');
    const res = await fetch(`${sandbox.services.env.publicUrl}/api/sms/inbound`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.sign(
          `${sandbox.services.env.publicUrl}/api/sms/inbound`,
          params,
        ),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(403);
  });
});

describe('the text of a notice', () => {
  it('is the title, the body (shortened when long), the link and the STOP line', () => {
    const short = noticeText({
      title: "You're booked: Hygienist shift on Tue, Dec 12",
      body: 'Bright Dental confirmed you.',
      linkUrl: 'https://chairfill.example.com/hygienist-portal/schedule',
    });
    expect(short).toBe(
      "ChairFill: You're booked: Hygienist shift on Tue, Dec 12\nBright Dental confirmed you.\nhttps://chairfill.example.com/hygienist-portal/schedule\nReply STOP to opt out.",
    );
    const long = noticeText({
      title: 'Bright Dental cancelled the Hygienist shift on Tue, Dec 12',
      body: 'Reason: '.concat('x'.repeat(600)),
      linkUrl: 'https://chairfill.example.com/hygienist-portal/find-shifts',
    });
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long).toContain('...\nhttps://chairfill.example.com/hygienist-portal/find-shifts');
    expect(long.endsWith('Reply STOP to opt out.')).toBe(true);
  });
});
