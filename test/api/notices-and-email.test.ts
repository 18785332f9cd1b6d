import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatShiftAddress } from '../../src/shared/address-format';
import { formatHourlyRate } from '../../src/shared/money-format';
import { reasonSentence } from '../../src/shared/reason-text';
import { emailOutbox, emailPreferences, professionals } from '../../src/server/db/schema';
import type { MarketplaceEvent } from '../../src/server/notifications/events';
import { contactsOfConfirmedBookings } from '../../src/server/notifications/notify';
import type { SavedMessage } from '../../src/server/mail/transport';
import {
  applicantEmailKey,
  emailDueApplicantSummaries,
  emailNewApplicants,
  type ApplicantEmailAsk,
} from '../../src/server/notifications/applicant-emails';
import { serverForFile } from '../support/marketplace-fixtures';
import {
  bellEntries,
  book,
  emailsTo,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { createClient, type TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const MINUTE = 60_000;

/** Runs every scheduled job once as of `now` (the development jobs route). */
async function runJobsAt(now: Date) {
  const res = await createClient(server.url).post('/api/dev/jobs/run', {
    now: now.toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The message as the server's worker handed it to the saved-mail transport. */
async function savedMail(id: string): Promise<SavedMessage> {
  const dir = path.join(server.services.env.dataDir, 'mail');
  for (let i = 0; i < 100; i += 1) {
    const file = existsSync(dir)
      ? readdirSync(dir).find((name) => name.endsWith(`-${id}.json`))
      : undefined;
    // A file being written may not be whole yet: read it again a moment later.
    const text = file ? readFileSync(path.join(dir, file), 'utf8') : '';
    if (text.endsWith('}')) return JSON.parse(text) as SavedMessage;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`message ${id} was not delivered`);
}

describe("'New applicant' e-mails, batched per shift", () => {
  it('e-mails the first application at once, then one summary per 15 minutes, each application once', async () => {
    const practice = await signedInPractice(server);
    const shift = await postShift(server, practice.practiceId, { bookingMode: 'review' });
    const pros = await Promise.all(
      ['Avery', 'Blake', 'Casey', 'Devon'].map((firstName) =>
        matchingProfessional(server, { firstName, lastName: 'Applicant' }),
      ),
    );
    const applied = new Date();
    for (const pro of pros.slice(0, 3)) {
      const res = await pro.client.post(`/api/professional/shifts/${shift.id}/apply`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // Every application has its bell entry; only the first an e-mail so far.
    expect(await bellEntries(server, practice.userId, 'application_received')).toHaveLength(3);
    let mails = await emailsTo(server, practice.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^New applicant for your Hygienist shift on /);
    expect(mails[0]!.textBody).toContain('Avery Applicant applied');

    // Within 15 minutes of that e-mail nothing more goes out, however often the jobs run.
    await runJobsAt(new Date(applied.getTime() + 5 * MINUTE));
    await runJobsAt(new Date(applied.getTime() + 14 * MINUTE));
    expect(await emailsTo(server, practice.email)).toHaveLength(1);

    // After 15 minutes: one summary listing the applicants since the last e-mail.
    const summaryAt = new Date(applied.getTime() + 16 * MINUTE);
    await runJobsAt(summaryAt);
    await runJobsAt(new Date(applied.getTime() + 17 * MINUTE));
    mails = await emailsTo(server, practice.email);
    expect(mails).toHaveLength(2);
    const summary = mails.find((mail) => mail.subject.startsWith('2 new applicants'))!;
    expect(summary.textBody).toContain('- Blake Applicant');
    expect(summary.textBody).toContain('- Casey Applicant');
    expect(summary.textBody).not.toContain('Avery');

    // A fourth application soon after the summary waits for the next one.
    const res = await pros[3]!.client.post(`/api/professional/shifts/${shift.id}/apply`, {});
    expect(res.status).toBe(201);
    expect(await emailsTo(server, practice.email)).toHaveLength(2);
    await runJobsAt(new Date(summaryAt.getTime() + 16 * MINUTE));
    mails = await emailsTo(server, practice.email);
    expect(mails).toHaveLength(3);
    const devon = mails.filter((mail) => mail.textBody.includes('Devon Applicant'));
    expect(devon).toHaveLength(1);
    expect(devon[0]!.subject).toMatch(/^New applicant for your Hygienist shift on /);
  });
});

describe('the applicant summaries of a backlog', () => {
  it('are sent a batch per run, every shift in turn, none twice', async () => {
    const practice = await signedInPractice(server, 'Backlog Dental');
    const shiftsDue = await Promise.all(
      [3, 4, 5].map((daysAhead) =>
        postShift(server, practice.practiceId, { bookingMode: 'review', daysAhead }),
      ),
    );
    const pro = await matchingProfessional(server, { firstName: 'Bo', lastName: 'Backlog' });
    for (const shift of shiftsDue) {
      const res = await pro.client.post(`/api/professional/shifts/${shift.id}/apply`, {});
      expect(res.status).toBe(201);
    }
    // As after an outage: none of the three e-mailed yet.
    await server.services.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, practice.email));
    await server.services.db.execute(
      sql`update shift_applications set practice_emailed_at = null
        where shift_id in (${sql.join(
          shiftsDue.map((shift) => sql`${shift.id}::uuid`),
          sql`, `,
        )})`,
    );
    const later = new Date(Date.now() + 20 * MINUTE);
    const run = () =>
      server.services.db.transaction((tx) =>
        emailDueApplicantSummaries(tx, server.services.env, later, 2),
      );
    expect(await run()).toMatchObject({ shifts: 2 });
    expect(await emailsTo(server, practice.email)).toHaveLength(2);
    expect(await run()).toMatchObject({ shifts: 1 });
    expect(await run()).toMatchObject({ shifts: 0 });
    expect(await emailsTo(server, practice.email)).toHaveLength(3);
  });
});

describe('applicant e-mails of many shifts at once (a notice batch)', () => {
  it("e-mails each shift's practice about its own applicants, each shift within its own 15 minutes, each application once", async () => {
    const first = await signedInPractice(server, 'Batch One Dental');
    const second = await signedInPractice(server, 'Batch Two Dental');
    const [a, b] = await Promise.all(
      [3, 4].map((daysAhead) =>
        postShift(server, first.practiceId, { bookingMode: 'review', daysAhead }),
      ),
    );
    const c = await postShift(server, second.practiceId, { bookingMode: 'review', daysAhead: 5 });
    const [emery, finley, gray] = await Promise.all(
      ['Emery', 'Finley', 'Gray'].map((firstName) =>
        matchingProfessional(server, { firstName, lastName: 'Batch' }),
      ),
    );
    const applications: [NonNullable<typeof emery>, { id: string }][] = [
      [emery!, a!],
      [finley!, a!],
      [gray!, b!],
      [finley!, b!],
      [emery!, c],
    ];
    for (const [pro, shift] of applications) {
      const res = await pro.client.post(`/api/professional/shifts/${shift.id}/apply`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await server.deliverQueuedNotices();
    // As after an outage: nothing e-mailed yet, but Gray's application to b 5 minutes before.
    const at = new Date(Date.now() + 20 * MINUTE);
    for (const practice of [first, second]) {
      await server.services.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, practice.email));
    }
    await server.services.db.execute(
      sql`update shift_applications set practice_emailed_at = case
          when shift_id = ${b!.id}::uuid and professional_id = ${gray!.professionalId}::uuid
          then ${new Date(at.getTime() - 5 * MINUTE).toISOString()}::timestamptz end
        where shift_id in (${a!.id}::uuid, ${b!.id}::uuid, ${c.id}::uuid)`,
    );
    const email = (asks: ApplicantEmailAsk[]) =>
      server.services.db.transaction((tx) => emailNewApplicants(tx, server.services.env, asks));

    // a asked twice (two applications in the batch): one e-mail, keyed by the first ask.
    const asks = [
      { shiftId: a!.id, at },
      { shiftId: b!.id, at },
      { shiftId: a!.id, at: new Date(at.getTime() + MINUTE) },
      { shiftId: c.id, at },
    ];
    expect(await email(asks)).toBe(2);
    const firstMails = await emailsTo(server, first.email);
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]!.subject).toMatch(/^2 new applicants for your Hygienist shift on /);
    expect(firstMails[0]!.textBody).toContain('- Emery Batch');
    expect(firstMails[0]!.textBody).toContain('- Finley Batch');
    const [keyed] = await server.services.db
      .select({ dedupeKey: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, first.email));
    expect(keyed!.dedupeKey).toBe(applicantEmailKey(a!.id, at));
    const secondMails = await emailsTo(server, second.email);
    expect(secondMails).toHaveLength(1);
    expect(secondMails[0]!.subject).toMatch(/^New applicant for your Hygienist shift on /);
    expect(secondMails[0]!.textBody).toContain('Emery Batch applied');

    // Asked again: every application is in an e-mail already.
    expect(await email(asks)).toBe(0);
    // b: its practice heard of Gray 5 minutes before; Finley waits until 15 minutes have passed.
    expect(await email([{ shiftId: b!.id, at: new Date(at.getTime() + 9 * MINUTE) }])).toBe(0);
    expect(await email([{ shiftId: b!.id, at: new Date(at.getTime() + 10 * MINUTE) }])).toBe(1);
    const bMail = (await emailsTo(server, first.email)).find((mail) =>
      mail.textBody.includes('Finley Batch applied'),
    );
    expect(bMail?.textBody).not.toContain('Gray');
    expect(await emailsTo(server, first.email)).toHaveLength(2);
  });
});

describe('addresses, rates and contacts', () => {
  it('names the place once with town and NJ ZIP, the rate per hour, and each side the other contact', async () => {
    const practice = await signedInPractice(server, 'Harbor Dental Care');
    const shift = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const pro = await matchingProfessional(server, { firstName: 'Riley', lastName: 'Booker' });
    await book(pro, shift.id);

    const [toPro] = (await emailsTo(server, pro.email)).filter((m) =>
      m.subject.startsWith("You're booked"),
    );
    // The main location is named like the practice: the name is not repeated.
    expect(toPro!.textBody).toContain('Location: 100 River Road, Hackensack, NJ 07601');
    expect(toPro!.textBody).not.toContain('Harbor Dental Care, Harbor Dental Care');
    expect(toPro!.textBody).toContain('Rate: $55.00/hr');
    expect(toPro!.textBody).toContain('Point of contact: Dana Office');
    expect(toPro!.textBody).toContain('Phone: (201) 555-0142');

    const [toPractice] = (await emailsTo(server, practice.email)).filter((m) =>
      m.subject.startsWith('Riley Booker is booked'),
    );
    expect(toPractice!.textBody).toContain('Phone: 732-555-0188');

    // The booking detail and the practice's booking view carry the same.
    const bookings = await pro.client.get('/api/professional/bookings');
    const mine = bookings.body.bookings.find((b: any) => b.shift.id === shift.id);
    expect(mine.contact).toEqual({ phone: '(201) 555-0142', pointOfContact: 'Dana Office' });
    expect(mine.shift.location).toMatchObject({ city: 'Hackensack', zipCode: '07601' });

    // The Find Shifts board and the calendar feed use the same address line.
    const feedLink = await pro.client.get('/api/calendar-feed');
    const feed = await createClient(server.url).get(new URL(feedLink.body.url).pathname);
    const unfolded = String(feed.body).replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('LOCATION:100 River Road\\, Hackensack\\, NJ 07601');
    expect(unfolded).toContain('Rate: $55.00/hr');
    expect(unfolded).toContain('Phone: (201) 555-0142');
  });

  it("reads the contacts of a batch's confirmed bookings at once, each booking its own", async () => {
    const shore = await signedInPractice(server, 'Shore Contacts Dental');
    const hills = await signedInPractice(server, 'Hills Contacts Dental');
    const shoreShift = await postShift(server, shore.practiceId, { bookingMode: 'instant' });
    const hillsShift = await postShift(server, hills.practiceId, { bookingMode: 'instant' });
    const kai = await matchingProfessional(server, { firstName: 'Kai', lastName: 'Contacts' });
    const lee = await matchingProfessional(server, { firstName: 'Lee', lastName: 'Contacts' });
    const kaiBooking = await book(kai, shoreShift.id);
    const leeBooking = await book(lee, hillsShift.id);
    await server.services.db
      .update(professionals)
      .set({ phone: '973-555-0122' })
      .where(eq(professionals.id, lee.professionalId));
    const confirmed = (bookingId: string) =>
      ({ kind: 'booking_confirmed', bookingId }) as MarketplaceEvent;
    const contacts = await contactsOfConfirmedBookings(server.services.db, [
      confirmed(kaiBooking.id),
      { kind: 'application_declined' } as MarketplaceEvent,
      confirmed(leeBooking.id),
      confirmed(kaiBooking.id),
    ]);
    expect([...contacts.keys()].sort()).toEqual([kaiBooking.id, leeBooking.id].sort());
    expect(contacts.get(kaiBooking.id)).toEqual({
      location: { phone: '(201) 555-0142', pointOfContact: 'Dana Office' },
      professionalPhone: '732-555-0188',
    });
    expect(contacts.get(leeBooking.id)?.professionalPhone).toBe('973-555-0122');
    expect(await contactsOfConfirmedBookings(server.services.db, [])).toEqual(new Map());
  });

  it('formats places and rates by one rule', () => {
    const place = {
      name: 'Paramus Office',
      address: '12 Elm Street',
      city: 'Paramus',
      zipCode: '07652',
    };
    expect(formatShiftAddress(place, 'Harbor Dental Care')).toBe(
      'Paramus Office, 12 Elm Street, Paramus, NJ 07652',
    );
    expect(formatShiftAddress({ ...place, name: 'Harbor Dental Care' }, 'Harbor Dental Care')).toBe(
      '12 Elm Street, Paramus, NJ 07652',
    );
    expect(formatHourlyRate(5500)).toBe('$55.00/hr');
    expect(reasonSentence('Sick child.')).toBe('Reason: Sick child.');
    expect(reasonSentence('Sick child')).toBe('Reason: Sick child.');
    expect(reasonSentence('  ')).toBe('');
  });
});

describe('cancellation reasons', () => {
  it("keep the reason's own full stop, neither stripped nor doubled", async () => {
    const practice = await signedInPractice(server);
    const shift = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    const pro = await matchingProfessional(server);
    const booking = await book(pro, shift.id);
    const res = await pro.client.post(`/api/professional/bookings/${booking.id}/cancel`, {
      reason: 'My car broke down.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [bell] = await bellEntries(server, practice.userId, 'booking_cancelled');
    expect(bell!.body).toBe(
      'Reason: My car broke down. The shift is open again for other professionals.',
    );
    const [mail] = (await emailsTo(server, practice.email)).filter((m) =>
      m.subject.includes('cancelled'),
    );
    expect(mail!.textBody).toContain('\nReason: My car broke down.\n');
    expect(mail!.textBody).not.toContain('down..');
  });
});

describe('Reply-To and one-click unsubscribe of the digest', () => {
  it('sends every e-mail with Reply-To the support address and the digest with RFC 8058 headers that unsubscribe without signing in', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const posted0 = await postShift(server, practice.practiceId, { bookingMode: 'instant' });
    await runJobsAt(new Date(Date.now() + MINUTE));
    const [digest] = (await emailsTo(server, pro.email)).filter((m) =>
      /match your profile|matches your profile/.test(m.subject),
    );
    expect(digest).toBeDefined();
    expect(server.services.env.contactEmail).toBe('support@chairfill.example.com');

    // The server's own worker delivers it: with no SMTP_URL, saved under DATA_DIR/mail.
    const delivered = await savedMail(digest!.id);
    expect(delivered.replyTo).toBe('support@chairfill.example.com');
    expect(delivered.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(delivered.headers!['List-Unsubscribe']!)![1]!;
    expect(url.startsWith(`${server.services.env.publicUrl}/unsubscribe/`)).toBe(true);
    expect(delivered.text).toContain(url);
    // A transactional e-mail (the booking's) has the same Reply-To and no unsubscribe header.
    await book(pro, posted0.id);
    const [booked] = await emailsTo(server, practice.email);
    const transactional = await savedMail(booked!.id);
    expect(transactional.replyTo).toBe('support@chairfill.example.com');
    expect(transactional.headers?.['List-Unsubscribe']).toBeUndefined();

    const unsubscribePath = new URL(url).pathname;
    // GET only shows the confirmation with its button.
    const page = await fetch(`${server.url}${unsubscribePath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const prefs = () =>
      server.services.db
        .select()
        .from(emailPreferences)
        .where(
          and(
            eq(emailPreferences.userId, pro.userId),
            eq(emailPreferences.kind, 'new_matching_shifts'),
          ),
        );
    expect(await prefs()).toHaveLength(0);

    // The mail provider's POST: no session, a foreign Origin.
    const posted = await fetch(`${server.url}${unsubscribePath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await prefs())[0]).toMatchObject({ enabled: false });
    // The portal's setting shows it off, and can turn it on again.
    const settings = await pro.client.get('/api/notifications/email-preferences');
    expect(
      settings.body.preferences.find((p: any) => p.kind === 'new_matching_shifts').enabled,
    ).toBe(false);

    // A tampered token changes nothing.
    const tampered = unsubscribePath.slice(0, -2) + (unsubscribePath.endsWith('AA') ? 'BB' : 'AA');
    const refused = await fetch(`${server.url}${tampered}`, { method: 'POST' });
    expect(refused.status).toBe(404);
    const outbox = await server.services.db
      .select({ headers: emailOutbox.headers })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, digest!.id));
    expect(outbox[0]!.headers['List-Unsubscribe']).toBe(`<${url}>`);
  });
});
